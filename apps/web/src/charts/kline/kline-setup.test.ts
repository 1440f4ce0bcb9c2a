import type { AxisTick } from 'klinecharts';
import { describe, expect, it } from 'vitest';
import { tradingDayTimestamp } from './day-bar.ts';
import {
  bigNumberText,
  klineOptions,
  subPaneGap,
  subPaneLegendHeight,
  subPaneTops,
  ticksUpToLastBar,
  zhLocale,
} from './kline-setup.ts';

const palette = { up: '#e93030', down: '#1aa260', flat: '#8a8f99', grid: '#eee', text: '#666' };

describe('klinecharts configuration', () => {
  it('registers only Chinese texts, with the periods named 日K, 周K and 月K', () => {
    // K as in K线 is how Chinese names the chart; nothing else is Latin.
    for (const [key, value] of Object.entries(zhLocale))
      expect(value.replace(/[日周月年]K$/, ''), key).not.toMatch(/[A-Za-z]/);
    expect(zhLocale).toMatchObject({ day: '日K', week: '周K', month: '月K', minute: '分钟' });
  });

  // Regression (issue 15): the VOL axis read "47.646M".
  it('writes big numbers in 万 and 亿', () => {
    expect(bigNumberText('47646000')).toBe('4765万');
    expect(bigNumberText(123_456_789)).toBe('1.23亿');
    expect(bigNumberText('5000')).toBe('5000');
  });

  it('turns off the tooltips klinecharts draws over the candles and asks for zh-CN in Beijing time', () => {
    const options = klineOptions(palette as never);
    expect(options).toMatchObject({
      locale: 'zh-CN',
      timezone: 'Asia/Shanghai',
      styles: {
        candle: { tooltip: { showRule: 'none', title: { show: false } } },
        indicator: { tooltip: { showRule: 'none' } },
      },
    });
    expect(options.formatter?.formatBigNumber?.('20000')).toBe('2.00万');
  });

  // Regression (issue 15): 月K's axis showed a future Saturday, a date klinecharts extrapolated past
  // the last bar.
  it('keeps no date tick after the last bar', () => {
    const last = tradingDayTimestamp(20261120);
    const ticks: AxisTick[] = [
      { coord: 10, value: tradingDayTimestamp(20260930), text: '2026-09' },
      { coord: 20, value: last, text: '2026-11' },
      { coord: 30, value: tradingDayTimestamp(20261128), text: '2026-11-28' },
    ];
    expect(ticksUpToLastBar(ticks, last).map((tick) => tick.text)).toEqual(['2026-09', '2026-11']);
    expect(ticksUpToLastBar(ticks, undefined)).toEqual([]);
  });

  // Regression: a gap of 14 read as pixels left only ~11 px above MACD's highest bar, which ran
  // into the legend strip.
  it('keeps the legend band of a sub-pane free of values', () => {
    const { top, bottom } = subPaneGap(72);
    // klinecharts' YAxisImp: the range grows by top and bottom × range; the highest value's y is
    // the top gap's share of the pane.
    const highestY = (72 * top) / (1 + top + bottom);
    expect(highestY).toBeCloseTo(subPaneLegendHeight + 1, 10);
    expect(top).toBeLessThan(1);
  });

  it('places each sub-pane below the candle pane, one separator apart', () => {
    // 360 px: candle pane 188 px (see kline-geometry.test.ts), then VOL at 189 and MACD at 262.
    expect(subPaneTops(360, ['MA', 'VOL', 'MACD'])).toEqual([189, 262]);
    expect(subPaneTops(360, ['BOLL'])).toEqual([]);
  });
});
