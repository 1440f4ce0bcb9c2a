import { describe, expect, it } from 'vitest';
import type { Candle } from './day-bar.ts';
import {
  barSpaceFor,
  barX,
  candleShapes,
  dateTickXs,
  movingAverages,
  previewGeometry,
  priceScale,
  priceText,
  priceTicks,
  priceY,
  visibleRange,
} from './kline-geometry.ts';
import { candlePaneHeight, priceAxisWidth } from './kline-setup.ts';

function candle(open: number, high: number, low: number, close: number, day = 0): Candle {
  return { timestamp: day * 86_400_000, open, high, low, close, volume: 0, turnover: 0, prevClose: null };
}

/** A gentle zigzag around 20 yuan, enough bars for every MA period. */
const walk: Candle[] = Array.from({ length: 1000 }, (_, i) => {
  const open = 20 + Math.sin(i / 7);
  const close = open + (i % 3 === 0 ? -0.3 : 0.25);
  return candle(open, Math.max(open, close) + 0.1, Math.min(open, close) - 0.1, close, i);
});

// The expected numbers follow klinecharts 10's StoreImp and YAxisImp by hand; the pixel-exact match
// with klinecharts itself is checked in Chromium (see the issue 4 note).
describe('K-line preview geometry', () => {
  it('uses klinecharts’ default bar space: 10 px per bar, 7 px bodies', () => {
    expect(barSpaceFor(10)).toEqual({ bar: 10, gapBar: 7, halfGapBar: 3 });
  });

  it('shows the last bars with the 80 px right offset, 8 bars past the last one', () => {
    // A 375 px chart less the 56 px price axis.
    const range = visibleRange(1000, 319);
    expect(range).toEqual({ from: 967, to: 1000, realFrom: 975, realTo: 1009, rightBars: 8 });
    expect(barX(999, 1000, 319, range)).toBe(234);
    expect(barX(998, 1000, 319, range)).toBe(224);
    expect(barX(975, 1000, 319, range)).toBe(-6);
  });

  it('keeps two bars in view when there are fewer bars than room', () => {
    const range = visibleRange(3, 319);
    expect(range.realTo).toBe(12);
    expect(barX(2, 3, 319, range)).toBe(234);
    expect(barX(0, 3, 319, range)).toBe(214);
  });

  it('maps the visible high and low into the pane with 20 % room above and 10 % below', () => {
    const candles = [candle(12, 20, 10, 15), candle(15, 18, 11, 16)];
    const range = visibleRange(candles.length, 300);
    const scale = priceScale(candles, [], range, 100, 2);
    expect(scale.realFrom).toBeCloseTo(9);
    expect(scale.realTo).toBeCloseTo(22);
    expect(priceY(20, scale)).toBe(15);
    expect(priceY(10, scale)).toBe(92);
  });

  it('widens a flat range by four minimum steps each way', () => {
    const candles = [candle(10, 10, 10, 10)];
    const scale = priceScale(candles, [], visibleRange(1, 300), 100, 2);
    expect(scale.realFrom).toBeCloseTo(9.96 - 0.008);
    expect(scale.realTo).toBeCloseTo(10.04 + 0.016);
  });

  it('includes the visible MA values in the price range', () => {
    const candles = [candle(12, 20, 10, 15), candle(15, 18, 11, 16)];
    const scale = priceScale(candles, [[Number.NaN, 30]], visibleRange(candles.length, 300), 100, 2);
    expect(scale.realTo).toBeCloseTo(30 + 20 * 0.2);
  });

  it('labels nice prices, dropping those at the edges and those closer than two text heights', () => {
    const scale = { realFrom: 9, realTo: 22, height: 100 };
    expect(priceTicks(scale, 2)).toEqual([
      { y: 77, text: '12.00' },
      { y: 46, text: '16.00' },
      { y: 15, text: '20.00' },
    ]);
  });

  it('writes prices as klinecharts does: fixed decimals, thousands separator, folded zeros', () => {
    expect(priceText(1234.5, 2)).toBe('1,234.50');
    expect(priceText(3.5, 3)).toBe('3.500');
    expect(priceText(0.0001234, 7)).toBe('0.0{3}1234');
  });

  it('computes MA5/10/30/60 as klinecharts does, NaN until a period is full', () => {
    const [ma5, , , ma60] = movingAverages(walk);
    expect(ma5?.[3]).toBeNaN();
    const mean = (from: number, to: number) =>
      walk.slice(from, to + 1).reduce((sum, bar) => sum + bar.close, 0) / (to - from + 1);
    expect(ma5?.[4]).toBeCloseTo(mean(0, 4), 10);
    expect(ma5?.[999]).toBeCloseTo(mean(995, 999), 10);
    expect(ma60?.[58]).toBeNaN();
    expect(ma60?.[999]).toBeCloseTo(mean(940, 999), 10);
  });

  it('computes MA only from the first visible bar when asked, with the same values', () => {
    const full = movingAverages(walk);
    const windowed = movingAverages(walk, [5, 60], 975);
    expect(windowed[0]?.[974]).toBeNaN();
    expect(windowed[0]?.[975]).toBeCloseTo(full[0]?.[975] ?? 0, 10);
    expect(windowed[1]?.[999]).toBeCloseTo(full[3]?.[999] ?? 0, 10);
  });

  it('places the date grid every so many bars as the date label needs', () => {
    // A 110 px date template over 10 px bars: a line every 12 bars (rounded up to even).
    const range = visibleRange(1000, 319);
    expect(dateTickXs(1000, 319, range, 110)).toEqual([972, 984, 996].map((i) => barX(i, 1000, 319, range)));
  });

  // Regression (issue 15): klinecharts extended the dates past the last bar, so 月K's axis showed a
  // future date; kline-setup drops those ticks and the preview's grid must leave them out too.
  it('puts no date line past the last bar', () => {
    const range = visibleRange(1000, 319);
    // Bar 1008 would lie in the empty space to the right of the last bar (999).
    expect(range.realTo).toBeGreaterThan(1008);
    expect(Math.max(...dateTickXs(1000, 319, range, 110))).toBeLessThanOrEqual(barX(999, 1000, 319, range));
  });

  it('lays out the candle pane of 1,000 bars in a 375 px chart', () => {
    const geometry = previewGeometry({
      candles: walk,
      width: 375,
      height: 188,
      axisWidth: 56,
      pricePrecision: 2,
      dateTextWidth: 110,
    });
    expect(geometry.mainWidth).toBe(319);
    expect(geometry.bars).toHaveLength(25);
    const last = geometry.bars.at(-1);
    expect(last?.x).toBe(234);
    // Bar 999 falls (i % 3 === 0): green, body from open down to close.
    expect(last?.tone).toBe('down');
    const ys = last?.ys ?? [0, 0, 0, 0];
    expect([...ys].sort((a, b) => a - b)).toEqual(ys);
    // Four MA lines, each ending at the last bar.
    expect(geometry.maLines).toHaveLength(4);
    for (const line of geometry.maLines) expect(line.at(-1)?.x).toBe(234);
    expect(geometry.last?.text).toBe(priceText(walk[999]?.close ?? 0, 2));
    expect(geometry.ticks.length).toBeGreaterThan(1);
  });

  it('sizes the pane and the price axis as kline-setup gives them to klinecharts', () => {
    // 360 px less VOL and MACD (72 px and a 1 px separator each) and the 26 px date axis.
    expect(candlePaneHeight(360, ['MA', 'VOL', 'MACD'])).toBe(188);
    expect(candlePaneHeight(300, ['MA'])).toBe(274);
    // '1,800.50' is eight characters of about 7 px, plus 14 px of axis line, tick and margins.
    expect(priceAxisWidth([candle(1800, 1800.5, 1790, 1795)], 2)).toBe(70);
    // Never under seven characters: a VOL label such as 123.5万 must fit.
    expect(priceAxisWidth([candle(9, 9.5, 8, 9)], 2)).toBe(63);
  });

  it('shapes solid candles: a 1 px wick from high to low, a 7 px body centred on it, at least 1 px high', () => {
    const candles = [candle(12, 20, 10, 15), candle(15, 18, 11, 16), candle(16, 16, 16, 16)];
    const geometry = previewGeometry({
      candles,
      width: 300,
      height: 100,
      axisWidth: 56,
      pricePrecision: 2,
      dateTextWidth: 110,
    });
    const [first, , doji] = geometry.bars;
    const [high, bodyTop, bodyBottom, low] = first?.ys ?? [0, 0, 0, 0];
    expect(first?.wick).toEqual({ x: first?.x, y: high, width: 1, height: low - high });
    expect(first?.body).toEqual({
      x: (first?.x ?? 0) - 3,
      y: bodyTop,
      width: 7,
      height: bodyBottom - bodyTop,
    });
    // Open = close: the body is still drawn, one pixel high.
    expect(doji?.tone).toBe('flat');
    expect(doji?.body.height).toBe(1);
  });

  it('gives an even body width one more pixel, so it stays centred on the 1 px wick', () => {
    // At the default 10 px the body is 7 px (odd); zoomed in to 20 px it is 16, drawn 17 wide.
    expect(barSpaceFor(20)).toEqual({ bar: 20, gapBar: 16, halfGapBar: 8 });
    const { wick, body } = candleShapes(100, [10, 20, 30, 40], barSpaceFor(20));
    expect(wick).toEqual({ x: 100, y: 10, width: 1, height: 30 });
    expect(body).toEqual({ x: 92, y: 20, width: 17, height: 10 });
    expect(candleShapes(100, [10, 20, 30, 40], barSpaceFor(10)).body).toEqual({
      x: 97,
      y: 20,
      width: 7,
      height: 10,
    });
  });

  it('marks the visible high pointing up and the low pointing down, labels turning inward on the right', () => {
    // A steady rise: the highest high is the last bar (right half), the lowest low the first visible one.
    const candles = Array.from({ length: 30 }, (_, i) =>
      candle(20 + i * 0.1, 21 + i * 0.1, 19 + i * 0.1, 20.05 + i * 0.1, i),
    );
    const geometry = previewGeometry({
      candles,
      width: 375,
      height: 188,
      axisWidth: 56,
      pricePrecision: 2,
      dateTextWidth: 110,
    });
    const high = geometry.high;
    const low = geometry.low;
    expect(high?.text).toBe('23.90');
    // The first visible bar (bar 5, after the scroll to the end) has the lowest low.
    expect(low?.text).toBe('19.50');
    if (!high || !low) throw new Error('no marks');
    expect(high.x).toBe(geometry.bars.at(-1)?.x);
    expect(low.x).toBe(geometry.bars[0]?.x);
    // The high's arrow tips up 2 px above the price and its elbow rises 5 px more, then turns left.
    expect(high.arrow).toEqual([
      { x: high.x - 2, y: high.y - 4 },
      { x: high.x, y: high.y - 2 },
      { x: high.x + 2, y: high.y - 4 },
    ]);
    expect(high.elbow.at(-1)).toEqual({ x: high.x - 5, y: high.y - 7 });
    expect(high.label).toEqual({ x: high.x - 10, y: high.y - 7, align: 'right' });
    // The low points down and, in the left half, its label runs right.
    expect(low.arrow[1]).toEqual({ x: low.x, y: low.y + 2 });
    expect(low.label).toEqual({ x: low.x + 10, y: low.y + 7, align: 'left' });
  });
});
