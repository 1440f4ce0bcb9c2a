/** Pure rules of the ETF pages: the home list and its sorting, holdings and industry lists. */
import { toneOf } from '@zhicai/domain';

export type EtfSort = 'rise' | 'fall' | 'amount';

export const etfSortLabels: Record<EtfSort, string> = { rise: '涨幅榜', fall: '跌幅榜', amount: '成交额榜' };

export interface EtfRow {
  code: string;
  name: string;
  price: number | null;
  prevClose: number | null;
  chgPct: number | null;
  amount: number | null;
}

/**
 * Sorts ETFs for a ranking tab: by change (descending for 涨幅榜, ascending for 跌幅榜) or by amount
 * traded. Rows without the figure go last, in list order, so a missing quote never tops a ranking.
 */
export function sortEtfs(rows: readonly EtfRow[], sort: EtfSort): EtfRow[] {
  const figure = (row: EtfRow) => (sort === 'amount' ? row.amount : row.chgPct);
  const direction = sort === 'fall' ? 1 : -1;
  return rows
    .map((row, index) => ({ row, index }))
    .sort((a, b) => {
      const x = figure(a.row);
      const y = figure(b.row);
      if (x === null && y === null) return a.index - b.index;
      if (x === null) return 1;
      if (y === null) return -1;
      return x === y ? a.index - b.index : (x - y) * direction;
    })
    .map(({ row }) => row);
}

/** Rising, falling and flat counts among rows with a change. */
export function breadth(rows: readonly EtfRow[]): { up: number; down: number; flat: number } {
  const counts = { up: 0, down: 0, flat: 0 };
  for (const row of rows) {
    const tone = toneOf(row.chgPct);
    if (tone !== 'none') counts[tone] += 1;
  }
  return counts;
}

export const collapsedHoldings = 10;

/** Holdings by weight, largest first; the first ten unless expanded. */
export function visibleHoldings<T extends { holdScale: number }>(list: readonly T[], expanded: boolean): T[] {
  const sorted = [...list].sort((a, b) => b.holdScale - a.holdScale);
  return expanded ? sorted : sorted.slice(0, collapsedHoldings);
}

/** Industries by weight, largest first. */
export function industryRows<T extends { weight: number }>(list: readonly T[]): T[] {
  return [...list].sort((a, b) => b.weight - a.weight);
}
