import { describe, expect, it } from 'vitest';
import { breadth, type EtfRow, industryRows, sortEtfs, visibleHoldings } from './etf-rules.ts';

const row = (code: string, chgPct: number | null, amount: number | null): EtfRow => ({
  code,
  name: code,
  price: null,
  prevClose: null,
  chgPct,
  amount,
});

describe('etf rules', () => {
  const rows = [
    row('A', 0.01, 5e8),
    row('B', null, null),
    row('C', -0.02, 9e8),
    row('D', 0.03, 1e8),
    row('E', 0, 2e8),
  ];

  it('sorts 涨幅榜 by change, descending, missing last', () => {
    expect(sortEtfs(rows, 'rise').map((etf) => etf.code)).toEqual(['D', 'A', 'E', 'C', 'B']);
  });

  it('sorts 跌幅榜 by change, ascending, missing last', () => {
    expect(sortEtfs(rows, 'fall').map((etf) => etf.code)).toEqual(['C', 'E', 'A', 'D', 'B']);
  });

  it('sorts 成交额榜 by amount, descending', () => {
    expect(sortEtfs(rows, 'amount').map((etf) => etf.code)).toEqual(['C', 'A', 'E', 'D', 'B']);
  });

  it('counts rising, falling and flat ETFs', () => {
    expect(breadth(rows)).toEqual({ up: 2, down: 1, flat: 1 });
  });

  it('shows the ten largest holdings until expanded', () => {
    const list = Array.from({ length: 12 }, (_, index) => ({ code: String(index), holdScale: index }));
    expect(visibleHoldings(list, false).map((holding) => holding.code)).toEqual([
      '11',
      '10',
      '9',
      '8',
      '7',
      '6',
      '5',
      '4',
      '3',
      '2',
    ]);
    expect(visibleHoldings(list, true)).toHaveLength(12);
  });

  it('orders industries by weight', () => {
    expect(industryRows([{ weight: 1 }, { weight: 30 }, { weight: 5 }]).map((item) => item.weight)).toEqual([
      30, 5, 1,
    ]);
  });
});
