import { describe, expect, it } from 'vitest';
import {
  closeOnOrBefore,
  coveredWindows,
  forwardPe,
  median,
  percentileOf,
  profitGrowth,
  ratioOf,
  rollingPercentiles,
  valuationHistory,
  valuationMessage,
  valuationWindow,
  weeklySample,
  weightedValuation,
  yearsBefore,
} from './valuation.ts';

const report = (period: number, netProfit: number, equity = 100, revenue = 200) => ({
  period,
  net_profit_ttm: netProfit,
  equity,
  revenue_ttm: revenue,
});

describe('valuation rules', () => {
  it('reads a percentile as the share of values at or below the value', () => {
    expect(percentileOf([10, 20, 30, 40], 40)).toBe(100);
    expect(percentileOf([10, 20, 30, 40], 10)).toBe(25);
    expect(percentileOf([10, 20, 30, 40], 25)).toBe(50);
  });

  it('gives each point its percentile within the window so far, skipping missing values', () => {
    expect(rollingPercentiles([4, 3, null, 2, 1, 5])).toEqual([100, 50, null, 33.33, 25, 100]);
  });

  it('divides market value by TTM profit, equity or revenue, and has no ratio for a loss', () => {
    expect(ratioOf('pe', 1000, report(20250331, 50))).toBe(20);
    expect(ratioOf('pb', 1000, report(20250331, 50, 250))).toBe(4);
    expect(ratioOf('psTtm', 1000, report(20250331, 50, 250, 500))).toBe(2);
    expect(ratioOf('pe', 1000, report(20250331, -5))).toBeNull();
  });

  it('uses the latest report on or before each day', () => {
    const closes = [
      { day: 20250328, close: 10 },
      { day: 20250331, close: 10 },
      { day: 20250401, close: 12 },
    ];
    const history = valuationHistory(closes, [report(20250331, 50), report(20241231, 25)], 100, 'pe');
    expect(history.map((point) => point.value)).toEqual([40, 20, 24]);
    // Before the first report nothing is in force.
    expect(valuationHistory(closes, [report(20250331, 50)], 100, 'pe')[0]?.value).toBeNull();
  });

  it('keeps the last trading day of each week', () => {
    // 2025-03-03 is a Monday; 03-07 Friday; 03-10 next Monday.
    const days = [20250303, 20250305, 20250307, 20250310, 20250311].map((day) => ({ day }));
    expect(weeklySample(days).map((point) => point.day)).toEqual([20250307, 20250311]);
  });

  it('finds the close on or before a day', () => {
    const closes = [
      { day: 20250303, close: 1 },
      { day: 20250305, close: 2 },
    ];
    expect(closeOnOrBefore(closes, 20250304)).toBe(1);
    expect(closeOnOrBefore(closes, 20250305)).toBe(2);
    expect(closeOnOrBefore(closes, 20250302)).toBeNull();
  });

  it('lists the windows the history covers', () => {
    expect(yearsBefore(20260304, 5)).toBe(20210304);
    expect(yearsBefore(20240229, 1)).toBe(20230228);
    expect(coveredWindows(20210310, 20260304)).toEqual(['3Y', '5Y']);
    expect(coveredWindows(20240101, 20260304)).toEqual([]);
  });

  it('summarises a window with min, max, median and the current percentile', () => {
    const history = [20250303, 20250310, 20250317, 20250324].map((day, index) => ({
      day,
      close: 10,
      value: [30, 10, 20, 15][index] ?? null,
    }));
    const window = valuationWindow(history, '3Y');
    expect(window).toMatchObject({
      min: 10,
      max: 30,
      mid: 17.5,
      current: 15,
      currentPercentile: 50,
      covered: false,
    });
    expect(median([3, 1, 2])).toBe(2);
    expect(valuationMessage('pe', '5Y', true, 32.1, 35.24)).toBe('当前市盈率 32.10，处于近5年 35.2% 分位');
  });

  it('weights members’ ratios and rescales when a member has none', () => {
    const values = weightedValuation(
      [
        { weight: 0.75, values: [10, null] },
        { weight: 0.25, values: [30, 30] },
      ],
      2,
    );
    expect(values).toEqual([15, 30]);
  });
});

describe('forward PE (peFor)', () => {
  it('is the PE over one more year of the profit growth', () => {
    // PE 30 with profit up 25%: next year's profit is 1.25×, so 30 ÷ 1.25 = 24.
    expect(forwardPe(30, 0.25)).toBe(24);
    // Shrinking profit raises it: 20 ÷ 0.8 = 25.
    expect(forwardPe(20, -0.2)).toBe(25);
  });

  it('is missing without a PE, without growth, or when the profit falls to nothing', () => {
    expect(forwardPe(null, 0.25)).toBeNull();
    expect(forwardPe(30, null)).toBeNull();
    expect(forwardPe(30, -1)).toBeNull();
  });

  it('reads the growth as the TTM net profit against four quarters earlier', () => {
    const reports = [100, 110, 120, 130, 150].map((profit, index) => report(20250331 + index, profit));
    expect(profitGrowth(reports)).toBeCloseTo(0.5, 10);
    expect(profitGrowth(reports.slice(1))).toBeNull();
    expect(profitGrowth([report(1, -5), report(2, 1), report(3, 1), report(4, 1), report(5, 1)])).toBeNull();
  });
});
