/**
 * Pure rules of the comparison pages: reading the chosen codes from a link, the normalised price
 * line, the 差异对比 ranking and the 行业对比 ranks. Pages only render what these return.
 */
import type { ComparedStock, Quote } from '@zhicai/contract';
import { adjustBars, type DayBarRow, type FactorRow, monthsBefore } from '@zhicai/domain';

/**
 * A compared stock with the live quote's figures (price, 涨跌幅, 市值, PE, PB) in place of those of
 * the moment the comparison was loaded: the stock page's header shows the live quote, so the
 * comparison reads the same figures as it, tick by tick. Without a quote the row is kept as loaded.
 */
export function withLiveQuote(stock: ComparedStock, quote: Quote | undefined): ComparedStock {
  if (!quote) return stock;
  return {
    ...stock,
    price: quote.price,
    chgPct: quote.chgPct,
    marketCap: quote.marketCap,
    pe: quote.pe,
    pb: quote.pb,
  };
}

export type PriceRange = '1M' | '3M' | '1Y';
export const priceRanges: readonly { value: PriceRange; label: string }[] = [
  { value: '1M', label: '1月' },
  { value: '3M', label: '3月' },
  { value: '1Y', label: '1年' },
];
const rangeMonths: Record<PriceRange, number> = { '1M': 1, '3M': 3, '1Y': 12 };

/**
 * A stock's price over the range as the change since its start, a fraction per day: the forward-
 * adjusted (前复权) closes of the K-lines, so a dividend or a split is not drawn as a fall. The base is
 * the close on or before the range's start day, as a fund's period return is measured.
 */
export function normalisedCloses(
  rows: readonly DayBarRow[],
  factors: readonly FactorRow[],
  range: PriceRange,
): { date: number; value: number }[] {
  const bars = adjustBars(rows, factors, 'forward').filter((row) => row[5] !== null);
  const last = bars.at(-1);
  if (!last) return [];
  const start = monthsBefore(last[0], rangeMonths[range]);
  let baseIndex = 0;
  bars.forEach((row, index) => {
    if (row[0] <= start) baseIndex = index;
  });
  const base = bars[baseIndex]?.[5];
  if (!base) return [];
  return bars.slice(baseIndex).map((row) => ({ date: row[0], value: (row[5] as number) / base - 1 }));
}

export interface DiffInput {
  key: string;
  label: string;
  values: readonly (number | null)[];
}

export interface DiffRow extends DiffInput {
  /** (highest − lowest) ÷ the mean of the absolute values: how far apart the items are on the row. */
  spread: number;
  highest: number;
  lowest: number;
}

/**
 * 差异对比: the figures on which the compared items differ most, widest first. A row counts only when
 * every item has the figure; the spread is relative, so 市值 in 亿 and 毛利率 as a fraction compare
 * on one scale. Rows whose items all share one value are left out (no difference to show).
 */
export function rankDifferences(rows: readonly DiffInput[]): DiffRow[] {
  const ranked: DiffRow[] = [];
  for (const row of rows) {
    if (row.values.length < 2 || row.values.some((value) => value === null || !Number.isFinite(value)))
      continue;
    const values = row.values as number[];
    const highest = Math.max(...values);
    const lowest = Math.min(...values);
    const scale = values.reduce((sum, value) => sum + Math.abs(value), 0) / values.length;
    if (highest === lowest || scale === 0) continue;
    ranked.push({ ...row, spread: (highest - lowest) / scale, highest, lowest });
  }
  return ranked.sort((a, b) => b.spread - a.spread);
}

/**
 * A stock's rank among its industry on one figure: 1 for the best (the highest, or the lowest where
 * lower is better), counting only peers that have the figure. Null when the stock has none.
 */
export function rankIn(
  values: readonly { code: string; value: number | null }[],
  code: string,
  better: 'high' | 'low',
): { rank: number; of: number } | null {
  const present = values.filter((entry) => entry.value !== null && Number.isFinite(entry.value));
  const own = present.find((entry) => entry.code === code);
  if (!own || own.value === null) return null;
  const ahead = present.filter((entry) =>
    better === 'high'
      ? (entry.value as number) > (own.value as number)
      : (entry.value as number) < (own.value as number),
  ).length;
  return { rank: ahead + 1, of: present.length };
}
