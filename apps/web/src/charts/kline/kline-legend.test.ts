import { describe, expect, it } from 'vitest';
import { type DayBarRow, toCandles } from './day-bar.ts';
import {
  barDateText,
  candleLegend,
  indicatorLegend,
  indicatorSeries,
  type LegendItem,
  type LegendOptions,
  volumeText,
} from './kline-legend.ts';

/** The indicator abbreviations Chinese terminals print as they are; anything else must be Chinese. */
const indicatorAbbreviations = /(?<![A-Za-z])(?:MACD|MA|BOLL|DIF|DEA|KDJ|RSI|[KDJ])(?![A-Za-z])/g;

const text = (items: readonly LegendItem[]) => items.map((item) => `${item.label}${item.value}`).join(' ');

// 60 trading days of a stock near 1,700 yuan turning over ~47.6 million shares a day.
const rows: DayBarRow[] = Array.from({ length: 80 }, (_, i) => {
  const date = 20240801 + (i % 28) + Math.floor(i / 28) * 100;
  const close = 1700 + 10 * Math.sin(i / 3);
  return [date, close - 5, close - 3, close + 8, close - 9, close, 47_646_000, 47_646_000 * close];
});
const options: LegendOptions = { pricePrecision: 2, volumeUnit: 'lot', period: 'day' };

describe('K-line legend', () => {
  it('shows the bar in Chinese with prices at the instrument precision and volumes in 手 with 万', () => {
    const candles = toCandles(rows, 'lot');
    const items = candleLegend(candles, 0, options);
    expect(items.map((item) => item.label)).toEqual(['', '开', '高', '低', '收', '涨幅', '成交量', '成交额']);
    expect(items[0]?.value).toBe('2024-08-01');
    expect(items[4]).toMatchObject({ value: '1,700.00', tone: 'up' });
    // Against the bar's own previous close (5 yuan lower).
    expect(items[5]?.value).toBe('+0.29%');
    // Regression (issue 15): volumes read "47.646M"; 47,646,000 shares are 476,460 lots.
    expect(items[6]?.value).toBe('47.65万手');
    expect(items[7]?.value).toBe('810.0亿');
  });

  it('counts Hong Kong volumes in shares', () => {
    expect(volumeText(47_646_000, 'share')).toBe('4765万股');
    expect(volumeText(0, 'lot')).toBe('0手');
  });

  it('dates a monthly bar by its month, in Beijing time', () => {
    const [candle] = toCandles([[20261120, 1, 1, 1, 1, 1, 1, 1]]);
    expect(barDateText(candle?.timestamp ?? 0, 'month')).toBe('2026-11');
    expect(barDateText(candle?.timestamp ?? 0, 'week')).toBe('2026-11-20');
  });

  it('names every indicator line in Chinese or by its standard abbreviation, never in English', () => {
    const candles = toCandles(rows, 'lot');
    const names = ['MA', 'BOLL', 'VOL', 'MACD', 'KDJ', 'RSI'] as const;
    const series = indicatorSeries(candles, names);
    for (const name of names) {
      const legend = text(indicatorLegend(name, series, candles, candles.length - 1, options));
      expect(legend.replace(indicatorAbbreviations, ''), name).not.toMatch(/[A-Za-z]/);
      expect(legend, name).not.toContain('--');
    }
    expect(text(indicatorLegend('BOLL', series, candles, 79, options))).toMatch(/中轨.*上轨.*下轨/);
    expect(text(indicatorLegend('VOL', series, candles, 79, options))).toMatch(/^成交量47\.65万手 MA5/);
  });

  it('shows -- for an indicator line that has too few bars yet', () => {
    const candles = toCandles(rows, 'lot');
    const series = indicatorSeries(candles, ['MA']);
    const legend = indicatorLegend('MA', series, candles, 10, options);
    expect(legend.map((item) => item.value)).toEqual([
      expect.stringMatching(/^1,7/),
      expect.stringMatching(/^1,7/),
      '--',
      '--',
    ]);
  });
});
