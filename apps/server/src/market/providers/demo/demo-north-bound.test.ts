import type { DayBarRow } from '@zhicai/domain';
import { describe, expect, it } from 'vitest';
import { demoNorthBoundHoldings, holdingRatio, isConnectEligible } from './demo-north-bound.ts';

const bigBank = {
  code: '600000.SH',
  board: 'sh' as const,
  isSt: false,
  totalShares: 1e9,
  floatShares: 8e8,
};

/** A bar of `day` closing at `close`; the other fields do not matter here. */
const bar = (day: number, close: number): DayBarRow => [day, close, close, close, close, close, 1, 1];

describe("the demo market's north-bound holdings (资金)", () => {
  it('are held only in main-board, non-ST shares of at least 8 billion yuan', () => {
    expect(isConnectEligible(bigBank, 8)).toBe(true); // 8 × 1e9 = 80亿, the bound itself
    expect(isConnectEligible(bigBank, 7.99)).toBe(false);
    expect(isConnectEligible({ ...bigBank, board: 'chinext' }, 100)).toBe(false);
    expect(isConnectEligible({ ...bigBank, board: 'star' }, 100)).toBe(false);
    expect(isConnectEligible({ ...bigBank, isSt: true }, 100)).toBe(false);
    expect(isConnectEligible({ ...bigBank, totalShares: null }, 100)).toBe(false);
  });

  it('change by the ratio of 5 and 20 bars before, in shares of the float, as of the asked day', () => {
    const days = Array.from({ length: 25 }, (_, k) => 20261001 + k);
    // The last bar is after the asked day: the figures are those of 20261024 (row 23).
    const rows = days.map((day) => bar(day, 10));
    const figures = demoNorthBoundHoldings(bigBank, rows, 20261024);
    const today = holdingRatio('600000.SH', 20261024);
    expect(figures).toEqual({
      ratio: today,
      shares: Math.round((today / 100) * 8e8),
      ratioChange5: today - holdingRatio('600000.SH', 20261019),
      ratioChange20: today - holdingRatio('600000.SH', 20261004),
    });
    // 20 bars back needs 21 bars: with 10 the 20-day change is unknown, not zero.
    expect(demoNorthBoundHoldings(bigBank, rows.slice(14, 24), 20261024)?.ratioChange20).toBeNull();
    // Eligibility is that day's close: at 7 yuan the bank is 70亿 and out of Stock Connect.
    expect(demoNorthBoundHoldings(bigBank, [...rows.slice(0, 23), bar(20261024, 7)], 20261024)).toBeNull();
  });

  it('move slowly: within 0.3%–12% of the float, and by less than 8% of the holding a day', () => {
    for (const code of ['600000.SH', '000001.SZ', '600519.SH', '000858.SZ']) {
      let previous = holdingRatio(code, 20260101);
      for (let day = 20260102; day <= 20260131; day += 1) {
        const ratio = holdingRatio(code, day);
        expect(ratio).toBeGreaterThanOrEqual(0.3);
        expect(ratio).toBeLessThanOrEqual(12);
        expect(Math.abs(ratio - previous) / previous, `${code} ${day}`).toBeLessThan(0.08);
        expect(holdingRatio(code, day)).toBe(ratio);
        previous = ratio;
      }
    }
  });
});
