import { describe, expect, it } from 'vitest';
import { type DayBarRow, klineSummary, toCandles, tradingDayTimestamp } from './day-bar.ts';

const bars: DayBarRow[] = [
  [20240626, 10, 10.1, 10.5, 9.9, 10.4, 12000, 124000],
  [20240627, 10.4, null, null, null, null, null, null],
  [20240628, 10.4, 10.3, 11.2, 10.2, 11, 30000, 321000],
];

describe('daily bars for the K-line', () => {
  it('dates a bar at midnight Beijing time', () => {
    expect(new Date(tradingDayTimestamp(20240628)).toISOString()).toBe('2024-06-27T16:00:00.000Z');
  });

  it('leaves out suspended days', () => {
    const candles = toCandles(bars);
    expect(candles.map((candle) => candle.close)).toEqual([10.4, 11]);
    expect(candles[1]).toMatchObject({ open: 10.3, high: 11.2, low: 10.2, volume: 30000, turnover: 321000 });
  });

  it('reads missing volume as zero rather than dropping the bar', () => {
    expect(toCandles([[20240628, 1, 1, 1, 1, 1, null, null]])[0]).toMatchObject({ volume: 0, turnover: 0 });
  });

  it('describes the last close and the range high and low', () => {
    expect(klineSummary(toCandles(bars))).toBe('K线图，最新收盘 11.0，区间最高 11.2 最低 9.90');
    expect(klineSummary([])).toBe('K线图，暂无数据');
  });
});
