import type { WatchlistColumn } from '@zhicai/contract';
import { formatAmount, formatPercent, missingValue, toneOf } from '@zhicai/domain';
import { ChangeText, PriceText, toneClassName } from '../../../ui/quote/index.ts';
import type { WatchlistRow } from '../api/watchlist-items.ts';
import { prevCloseOf } from '../watchlist-rules.ts';

function ratioText(value: number | null): string {
  return value === null ? missingValue : value.toFixed(2);
}

/**
 * One figure of a row as the column shows it: prices at the instrument's tick and coloured against
 * the close, changes signed with ▲▼ (red up, green down), amounts in 万/亿, `--` when missing.
 */
export function FigureCell({ row, column }: { row: WatchlistRow; column: WatchlistColumn }) {
  switch (column) {
    case 'price':
      return <PriceText value={row.price} prevClose={prevCloseOf(row)} type={row.type} />;
    case 'chg':
      return <ChangeText value={row.chg} kind="change" type={row.type} price={row.price} />;
    case 'chgPct':
    case 'chg5d':
    case 'chg20d':
    case 'chg60d':
    case 'chgYtd':
    case 'sinceAdded':
      return <ChangeText value={row[column]} kind="percent" />;
    case 'amount':
    case 'marketCap':
      return <>{formatAmount(row[column])}</>;
    case 'turnoverRate':
      return <>{formatPercent(row.turnoverRate, { sign: false })}</>;
    case 'volumeRatio':
    case 'pe':
      return <>{ratioText(row[column])}</>;
    case 'holdingProfit': {
      const tone = toneOf(row.holdingProfit);
      const text = formatAmount(row.holdingProfit);
      return (
        <span className={toneClassName(tone)} data-tone={tone}>
          {row.holdingProfit !== null && row.holdingProfit > 0 ? `+${text}` : text}
        </span>
      );
    }
  }
}
