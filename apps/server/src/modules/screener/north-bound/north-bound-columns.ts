import type { NorthBoundHoldings } from '../../../market/providers/provider.ts';

/**
 * The 资金 columns of the stock screen's day table (issue 18 item 1), filled stock by stock as the
 * table reads their bars, from the holdings the market provider gives (MarketProvider
 * .northBoundHoldings): the screen computes no market data of its own.
 */
export function northBoundColumns(count: number) {
  const ratio = new Float64Array(count).fill(Number.NaN);
  const change5 = new Float64Array(count).fill(Number.NaN);
  const change20 = new Float64Array(count).fill(Number.NaN);
  return {
    columns: new Map([
      ['NORTH_RATIO', ratio],
      ['NORTH_CHG_5D', change5],
      ['NORTH_CHG_20D', change20],
    ]),
    fill(index: number, holdings: NorthBoundHoldings | null): void {
      if (!holdings) return;
      ratio[index] = holdings.ratio;
      change5[index] = holdings.ratioChange5 ?? Number.NaN;
      change20[index] = holdings.ratioChange20 ?? Number.NaN;
    },
  };
}
