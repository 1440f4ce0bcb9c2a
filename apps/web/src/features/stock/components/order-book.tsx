import type { InstrumentType } from '@zhicai/domain';
import { formatAmount, missingValue } from '@zhicai/domain';
import { PriceText } from '../../../ui/quote/index.ts';
import type { Handicap } from '../api/handicap.ts';
import './order-book.css';

export interface OrderBookProps {
  handicap: Handicap;
  prevClose: number | null | undefined;
  type: InstrumentType | undefined;
  /** A-shares and exchange funds count in 手 (100 shares); Hong Kong in 股. */
  unit: '手' | '股';
}

const sellNames = ['卖一', '卖二', '卖三', '卖四', '卖五'] as const;
const buyNames = ['买一', '买二', '买三', '买四', '买五'] as const;

function sizeText(volume: number | undefined, unit: OrderBookProps['unit']): string {
  if (volume === undefined) return missingValue;
  return formatAmount(unit === '手' ? volume / 100 : volume);
}

/**
 * 五档盘口 as two columns side by side, 买 on the left (买一 at the top, falling) and 卖 on the right
 * (卖一 at the top, rising), so the five levels take five lines under the figures. Prices at the
 * instrument's tick, coloured against the previous close; sizes in 手 or 股. A level the book lacks
 * (no asks at 涨停, no bids at 跌停) shows '--'.
 */
export function OrderBook({ handicap, prevClose, type, unit }: OrderBookProps) {
  return (
    <table className="order-book" aria-label={`五档盘口（单位：${unit}）`}>
      <tbody>
        {buyNames.map((buyName, i) => {
          const bid = handicap.bids[i];
          const ask = handicap.asks[i];
          const sellName = sellNames[i];
          return (
            <tr key={buyName} className="order-book__row">
              <th scope="row" className="order-book__name">
                {buyName}
              </th>
              <td className="order-book__price">
                <PriceText value={bid?.price} prevClose={prevClose} type={type} />
              </td>
              <td className="order-book__size">{sizeText(bid?.volume, unit)}</td>
              <th scope="row" className="order-book__name order-book__name--ask">
                {sellName}
              </th>
              <td className="order-book__price">
                <PriceText value={ask?.price} prevClose={prevClose} type={type} />
              </td>
              <td className="order-book__size">{sizeText(ask?.volume, unit)}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
