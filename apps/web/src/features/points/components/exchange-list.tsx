import { deliveryStatusLabels, type PointExchange } from '@zhicai/contract';
import { beijingTime } from '../points-rules.ts';

/** 我的兑换: each exchange with its delivery status, and the tracking number once shipped. */
export function ExchangeList({ exchanges }: { exchanges: readonly PointExchange[] }) {
  return (
    <ul className="exchange-list" aria-label="我的兑换">
      {exchanges.map((exchange) => (
        <li key={exchange.id} className="exchange-list__item">
          <img className="exchange-list__image" src={exchange.image} alt="" width={56} height={56} />
          <div className="exchange-list__body">
            <p className="exchange-list__title">
              {exchange.goodName}
              <span className={`exchange-list__status exchange-list__status--${exchange.status}`}>
                {deliveryStatusLabels[exchange.status]}
              </span>
            </p>
            <p className="exchange-list__meta">
              {exchange.points} 积分 · {beijingTime(exchange.createdAt)}
            </p>
            <p className="exchange-list__meta">
              {exchange.receiverName} {exchange.receiverPhone} {exchange.address}
            </p>
            {exchange.trackingNo ? (
              <p className="exchange-list__meta">
                {exchange.carrier ?? '快递'} 单号 {exchange.trackingNo}
              </p>
            ) : null}
          </div>
        </li>
      ))}
    </ul>
  );
}
