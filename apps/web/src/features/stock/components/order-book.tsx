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
 * 五档盘口: the five asks above (卖五 at the top down to 卖一) and the five bids below (买一 to 买五),
 * prices at the instrument's tick and coloured against the previous close, sizes in 手 or 股. A
 * level the book lacks (no asks at 涨停, no bids at 跌停) shows '--'.
 */
export function OrderBook({ handicap, prevClose, type, unit }: OrderBookProps) {
  const rows = [
    ...sellNames.map((name, i) => ({ name, level: handicap.asks[i], side: 'ask' })).reverse(),
    ...buyNames.map((name, i) => ({ name, level: handicap.bids[i], side: 'bid' })),
  ];
  return (
    <table className="order-book" aria-label={`五档盘口（单位：${unit}）`}>
      <tbody>
        {rows.map(({ name, level, side }) => (
          <tr key={name} className={`order-book__row order-book__row--${side}`}>
            <th scope="row" className="order-book__name">
              {name}
            </th>
            <td className="order-book__price">
              <PriceText value={level?.price} prevClose={prevClose} type={type} />
            </td>
            <td className="order-book__size">{sizeText(level?.volume, unit)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
