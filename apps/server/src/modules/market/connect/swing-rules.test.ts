import { describe, expect, it } from 'vitest';
import { detectSwings, type SwingBar, swingRules } from './swing-rules.ts';

/** Bars from 9:31 on, one a minute, at the given prices, each trading `amount` yuan. */
function bars(prices: readonly number[], amount = 1_000_000): SwingBar[] {
  return prices.map((price, index) => ({ minute: 931 + index, price, amount }));
}

const limits = { prevClose: 10, limitUp: 11, limitDown: 9 };

describe('异动 rules', () => {
  it('finds 快速拉升 when the price rises 3% within five minutes, once per five minutes', () => {
    const hits = detectSwings(bars([10, 10, 10, 10, 10, 10, 10.1, 10.2, 10.31, 10.4, 10.5, 10.6]), limits);
    const rises = hits.filter((hit) => hit.kind === 'rise');
    // 10.31 at 9:39 is 3.1% above the low of 9:34–9:38 (10.00).
    expect(rises[0]).toMatchObject({ minute: 939, price: 10.31 });
    expect(rises[0]?.value).toBeCloseTo(0.031, 10);
    expect(rises[0]?.chgPct).toBeCloseTo(0.031, 10);
    // 10.6 at 9:42 is within five minutes of the first event: not a second one.
    expect(rises).toHaveLength(1);
  });

  it('does not call a 2.9% climb over five minutes, or a 3% climb over six, a 快速拉升', () => {
    expect(detectSwings(bars([10, 10, 10, 10, 10, 10, 10.29]), limits)).toEqual([]);
    expect(
      detectSwings(bars([10, 10, 10, 10, 10, 10, 10.1, 10.15, 10.2, 10.25, 10.28, 10.3]), limits),
    ).toEqual([]);
  });

  it('finds 快速下跌 the same way downwards, and never calls the gap at the open a move', () => {
    const hits = detectSwings(bars([9.65, 9.6, 9.6, 9.3]), limits);
    // 9.65 at 9:31 is 3.5% under the previous close: the opening auction's gap, not an event.
    expect(hits).toEqual([
      {
        kind: 'fall',
        minute: 934,
        price: 9.3,
        chgPct: expect.closeTo(-0.07, 10),
        value: expect.closeTo(9.3 / 9.65 - 1, 10),
      },
    ]);
  });

  it('finds 封涨停 when the price reaches the limit and 打开涨停 when it leaves it', () => {
    const hits = detectSwings(bars([10.5, 10.5, 10.5, 10.5, 10.5, 10.5, 10.8, 11, 11, 10.95, 11]), limits);
    const limitHits = hits.filter((hit) => hit.kind === 'sealUp' || hit.kind === 'openUp');
    expect(limitHits.map((hit) => [hit.kind, hit.minute, hit.price])).toEqual([
      ['sealUp', 938, 11],
      ['openUp', 940, 10.95],
      ['sealUp', 941, 11],
    ]);
  });

  it('finds 封跌停 and has no limit events for a share without limits (a new listing)', () => {
    const prices = [9.5, 9.5, 9.5, 9.5, 9.5, 9.5, 9, 9];
    expect(detectSwings(bars(prices), limits).filter((hit) => hit.kind === 'sealDown')).toHaveLength(1);
    expect(
      detectSwings(bars(prices), { prevClose: 10, limitUp: null, limitDown: null }).filter((hit) =>
        hit.kind.startsWith('seal'),
      ),
    ).toEqual([]);
  });

  it('finds 大笔成交: a minute of at least 3,000万 and six times the average minute before it', () => {
    const series = bars([10, 10, 10, 10, 10, 10, 10, 10], 4_000_000);
    const big = { ...(series[6] as SwingBar), amount: 6 * 4_000_000 + swingRules.bigDealAmount };
    series[6] = big;
    const hits = detectSwings(series, limits);
    expect(hits).toEqual([{ kind: 'bigDeal', minute: 937, price: 10, chgPct: 0, value: big.amount }]);
    // The same amount where minutes are already that large is not unusual.
    expect(detectSwings(bars([10, 10, 10, 10, 10, 10, 10], big.amount), limits)).toEqual([]);
  });
});
