import { yuan } from '../member-rules.ts';

/** 价格明细: list price, member price, coupon discount, what is paid. */
export function PriceRows({
  originalPrice,
  price,
  discount,
  couponName,
}: {
  originalPrice: number;
  price: number;
  discount: number;
  couponName: string | null;
}) {
  return (
    <dl className="member-card" aria-label="价格明细">
      <div className="member-row">
        <dt>原价</dt>
        <dd className="member-row__value">{yuan(originalPrice)}</dd>
      </div>
      {originalPrice > price ? (
        <div className="member-row">
          <dt>限时优惠</dt>
          <dd className="member-row__value member-row__value--off">-{yuan(originalPrice - price)}</dd>
        </div>
      ) : null}
      <div className="member-row">
        <dt>{couponName ? `优惠券（${couponName}）` : '优惠券'}</dt>
        <dd className="member-row__value member-row__value--off">
          {discount > 0 ? `-${yuan(discount)}` : '未使用'}
        </dd>
      </div>
      <div className="member-row">
        <dt>实付金额</dt>
        <dd className="member-row__value member-row__value--total">{yuan(price - discount)}</dd>
      </div>
    </dl>
  );
}
