/**
 * The geometry of the K-line's instant first frame (kline-preview.ts draws it): everything
 * klinecharts 10's candle pane shows right after the data is applied, in CSS pixels, with no canvas.
 *
 * So that nothing moves at the handover, the numbers are klinecharts' own, read from
 * node_modules/klinecharts/dist/index.esm.js (StoreImp, YAxisImp, XAxisImp and the candle, indicator,
 * grid, axis and price-mark views) for the options kline-setup.ts sets: default bar space and right
 * offset, the candle pane's y-axis gaps, its tick choice and rounding, the MA periods. The only thing
 * measured is the width of the date template in the axis font, which the caller passes in.
 */
import { type Tone, toneAgainst } from '@zhicai/domain';
import type { Candle } from './day-bar.ts';

/** klinecharts' defaults (StoreImp): space per bar and the gap after the last bar, in CSS pixels. */
export const defaultBarSpace = 10;
export const defaultOffsetRightDistance = 80;
/** The candle pane's y-axis gaps (YAxisImp.gap): fractions of the value range added above and below. */
const gapTop = 0.2;
const gapBottom = 0.1;
/** YAxisImp's TICK_COUNT: the value range is split into about this many nice intervals. */
const tickCount = 8;
/** Axis tick text size (styles.yAxis.tickText.size), also the minimum spacing rule of the ticks. */
export const tickTextSize = 12;
/** The MA indicator's defaults (klinecharts' movingAverage): periods and precision. */
export const maPeriods: readonly number[] = [5, 10, 30, 60];
/**
 * klinecharts' default indicator line colours, in figure order: the preview draws MA in them and the
 * legend names each line in its colour.
 */
export const lineColors: readonly string[] = ['#FF9600', '#935EBD', '#1677FF', '#E11D74', '#01C5C4'];
const maPrecision = 2;

export interface BarSpace {
  bar: number;
  gapBar: number;
  halfGapBar: number;
}

/** StoreImp._calcOptimalBarSpace: the body width for a bar space (7 px for the default 10). */
export function barSpaceFor(bar: number): BarSpace {
  const special = 4;
  const ratio = 1 - (0.2 * Math.atan(Math.max(special, bar) - special)) / (Math.PI * 0.5);
  let gapBar = Math.min(Math.floor(bar * ratio), Math.floor(bar));
  if (gapBar % 2 === 0 && gapBar + 2 >= bar) gapBar -= 1;
  gapBar = Math.max(1, gapBar);
  return { bar, gapBar, halfGapBar: Math.floor(gapBar / 2) };
}

export interface VisibleRange {
  from: number;
  to: number;
  realFrom: number;
  realTo: number;
  /** Bars between the last bar and the right edge (StoreImp._lastBarRightSideDiffBarCount). */
  rightBars: number;
}

/** StoreImp._adjustVisibleRange right after data is applied (scroll limit by bar count, 2 each side). */
export function visibleRange(
  count: number,
  mainWidth: number,
  bar = defaultBarSpace,
  offsetRight = defaultOffsetRightDistance,
): VisibleRange {
  const minVisibleBars = 2;
  const visibleBarCount = mainWidth / bar;
  let rightBars = offsetRight / bar;
  const maxRight = visibleBarCount - Math.min(minVisibleBars, count);
  if (rightBars > maxRight) rightBars = maxRight;
  const minRight = -count + Math.min(minVisibleBars, count);
  if (rightBars < minRight) rightBars = minRight;
  let to = Math.round(rightBars + count + 0.5);
  const realTo = to;
  if (to > count) to = count;
  let from = Math.round(to - visibleBarCount) - 1;
  if (from < 0) from = 0;
  const realFrom = rightBars > 0 ? Math.round(count + rightBars - visibleBarCount) - 1 : from;
  return { from, to, realFrom, realTo, rightBars };
}

/** StoreImp.dataIndexToCoordinate: the x of a bar's centre (its wick) in the main area. */
export function barX(
  index: number,
  count: number,
  mainWidth: number,
  range: VisibleRange,
  bar = defaultBarSpace,
): number {
  const deltaFromRight = count + range.rightBars - index;
  return Math.floor(mainWidth - (deltaFromRight - 0.5) * bar + 0.5);
}

/**
 * The MA values from bar `from` on (NaN before it, and until a period has enough bars): klinecharts'
 * running sum, started the longest period before `from` rather than at the first bar, so a first
 * frame costs the same for 1,000 bars as for 100. The values differ from klinecharts' only in the
 * last bits of the floating-point sum, far below a pixel.
 */
export function movingAverages(
  candles: readonly Candle[],
  periods: readonly number[] = maPeriods,
  from = 0,
): Float64Array[] {
  const count = candles.length;
  return periods.map((period) => {
    const values = new Float64Array(count).fill(Number.NaN);
    const start = Math.max(0, from - (period - 1));
    let sum = 0;
    for (let i = start; i < count; i += 1) {
      sum += (candles[i] as Candle).close;
      if (i >= start + period - 1) {
        values[i] = sum / period;
        sum -= (candles[i - (period - 1)] as Candle).close;
      }
    }
    return values;
  });
}

/** klinecharts' nice(): 1, 2, 3, 4, 5, 6 or 8 times a power of ten. */
function nice(value: number): number {
  const exponent = Math.floor(value === 0 ? 0 : Math.log10(value));
  const exp10 = 10 ** exponent;
  const f = value / exp10;
  const nf = f < 1.5 ? 1 : f < 2.5 ? 2 : f < 3.5 ? 3 : f < 4.5 ? 4 : f < 5.5 ? 5 : f < 6.5 ? 6 : 8;
  return +(nf * exp10).toFixed(Math.abs(exponent));
}

function roundTo(value: number, precision: number): number {
  const pow = 10 ** Math.max(0, precision);
  return Math.round(value * pow) / pow;
}

function decimalsOf(value: number): number {
  const text = value.toString();
  const e = text.indexOf('e');
  if (e > 0) {
    const power = +text.slice(e + 1);
    return power < 0 ? -power : 0;
  }
  const dot = text.indexOf('.');
  return dot < 0 ? 0 : text.length - 1 - dot;
}

/** klinecharts' default price text: fixed decimals, thousands separator ',', and decimal fold (0{n}). */
export function priceText(value: number, precision: number): string {
  const fixed = value.toFixed(precision);
  const [whole = '', fraction] = fixed.split('.');
  const grouped = whole.replace(/(\d)(?=(\d{3})+$)/g, '$1,');
  const text = fraction === undefined ? grouped : `${grouped}.${fraction}`;
  if (!/\.0{3,}[1-9][0-9]*$/.test(text)) return text;
  return text.replace(/\.(0+)/, (_match, zeros: string) => `.0{${zeros.length}}`);
}

export interface PriceScale {
  /** The value at the bottom and the top edge of the pane, gaps included. */
  realFrom: number;
  realTo: number;
  height: number;
}

/** YAxisImp.convertToPixel: whole CSS pixels from the top of the pane. */
export function priceY(value: number, scale: PriceScale): number {
  const rate = (value - scale.realFrom) / (scale.realTo - scale.realFrom);
  return Math.round((1 - rate) * scale.height);
}

/** YAxisImp.createRangeImp for the candle pane: visible highs, lows and MA values, plus the gaps. */
export function priceScale(
  candles: readonly Candle[],
  ma: readonly ArrayLike<number>[],
  range: VisibleRange,
  height: number,
  pricePrecision: number,
): PriceScale {
  let min = Number.MAX_SAFE_INTEGER;
  let max = Number.MIN_SAFE_INTEGER;
  const first = Math.max(0, range.realFrom);
  const last = Math.min(candles.length, range.realTo);
  for (let i = first; i < last; i += 1) {
    const candle = candles[i] as Candle;
    min = Math.min(min, candle.low);
    max = Math.max(max, candle.high);
    for (const line of ma) {
      const value = line[i] as number;
      if (!Number.isNaN(value)) {
        min = Math.min(min, value);
        max = Math.max(max, value);
      }
    }
  }
  if (min === Number.MAX_SAFE_INTEGER || max === Number.MIN_SAFE_INTEGER) {
    min = 0;
    max = 10;
  }
  let realFrom = min;
  let realTo = max;
  const minSpan = 10 ** -Math.min(maPrecision, pricePrecision);
  if (realFrom === realTo || realTo - realFrom < minSpan) {
    realFrom -= (tickCount / 2) * minSpan;
    realTo += (tickCount / 2) * minSpan;
  }
  const span = realTo - realFrom;
  return { realFrom: realFrom - span * gapBottom, realTo: realTo + span * gapTop, height };
}

export interface PriceTick {
  y: number;
  text: string;
}

/** YAxisImp.createTicksImp: nice values, kept when clear of the edges and of each other. */
export function priceTicks(scale: PriceScale, pricePrecision: number): PriceTick[] {
  const span = scale.realTo - scale.realFrom;
  const values: string[] = [];
  if (span >= 0) {
    const interval = nice(span / tickCount);
    const precision = decimalsOf(interval);
    const first = roundTo(Math.ceil(scale.realFrom / interval) * interval, precision);
    const last = roundTo(Math.floor(scale.realTo / interval) * interval, precision);
    // The same accumulating float steps as klinecharts, so the last tick is kept or dropped alike.
    if (interval !== 0)
      for (let value = first; value <= last; value += interval) values.push(value.toFixed(precision));
  }
  const ticks: PriceTick[] = [];
  let lastY = Number.NaN;
  for (const value of values) {
    const y = priceY(+value, scale);
    const clearOfPrevious = Number.isNaN(lastY) || Math.abs(lastY - y) > tickTextSize * 2;
    if (y > tickTextSize && y < scale.height - tickTextSize && clearOfPrevious) {
      ticks.push({ y, text: priceText(+value, pricePrecision) });
      lastY = y;
    }
  }
  return ticks;
}

/** XAxisImp.createTicksImp: the x of the vertical grid lines, every so many bars. */
export function dateTickXs(
  count: number,
  mainWidth: number,
  range: VisibleRange,
  dateTextWidth: number,
  bar = defaultBarSpace,
): number[] {
  const tickTextWidth = Math.max(dateTextWidth, mainWidth / tickCount);
  let every = Math.ceil(tickTextWidth / bar);
  if (every % 2 !== 0) every += 1;
  const xs: number[] = [];
  // klinecharts would extend the dates past the last bar (into the right offset); kline-setup's
  // ticksUpToLastBar drops those future dates, and their grid lines with them.
  for (let i = Math.max(0, Math.floor(range.realFrom / every) * every); i < range.realTo; i += every) {
    if (i >= range.from && i < count) xs.push(barX(i, count, mainWidth, range, bar));
  }
  return xs;
}

export interface Point {
  x: number;
  y: number;
}

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface PreviewBar {
  x: number;
  /** Sorted top to bottom: high, body top, body bottom, low. */
  ys: [number, number, number, number];
  tone: Tone;
  /** The 1 px wick from high to low, and the body gapBar wide (at least 1 px high). */
  wick: Rect;
  body: Rect;
}

/** The high or low mark of CandleHighLowPriceView: a small arrow at the price, an elbow line, the price. */
export interface PriceMark {
  /** The bar's centre and the price's y. */
  x: number;
  y: number;
  text: string;
  arrow: Point[];
  elbow: Point[];
  /** The label's anchor (its vertical middle) and the side it extends to, away from the nearer edge. */
  label: { x: number; y: number; align: 'left' | 'right' };
}

export interface PreviewGeometry {
  width: number;
  height: number;
  mainWidth: number;
  axisWidth: number;
  barSpace: BarSpace;
  bars: PreviewBar[];
  /** One polyline per MA period (CSS pixels, empty when not drawn), in the order of maPeriods. */
  maLines: Point[][];
  ticks: PriceTick[];
  dateTickXs: number[];
  last: { y: number; text: string; tone: Tone } | null;
  high: PriceMark | null;
  low: PriceMark | null;
}

export interface PreviewInput {
  candles: readonly Candle[];
  /** The chart's width and the candle pane's height, CSS pixels. */
  width: number;
  height: number;
  /** The fixed price-axis width (kline-setup priceAxisWidth). */
  axisWidth: number;
  pricePrecision: number;
  /** The measured width of the date-tick template in the axis font; klinecharts spaces dates by it. */
  dateTextWidth: number;
}

/** The candle_solid shapes of a bar: the wick at its centre and the body around it. */
export function candleShapes(
  x: number,
  ys: PreviewBar['ys'],
  barSpace: BarSpace,
): Pick<PreviewBar, 'wick' | 'body'> {
  const [top, bodyTop, bodyBottom, bottom] = ys;
  // An even body width gets one more pixel, as klinecharts centres it on the 1 px wick.
  const correction = barSpace.gapBar % 2 === 0 ? 1 : 0;
  return {
    wick: { x, y: top, width: 1, height: bottom - top },
    body: {
      x: x - barSpace.halfGapBar,
      y: bodyTop,
      width: barSpace.gapBar + correction,
      height: Math.max(1, bodyBottom - bodyTop),
    },
  };
}

/**
 * The arrow, elbow and label of a high/low mark. `offsets` say which way the mark points: the
 * higher of the two marks goes up ([-2, -5]) and the lower down ([2, 5]). The label turns left in
 * the right half of the pane, so it stays inside.
 */
function priceMark(
  x: number,
  y: number,
  text: string,
  offsets: readonly [number, number],
  mainWidth: number,
): PriceMark {
  const startY = y + offsets[0];
  const right = x > mainWidth / 2;
  const lineEndX = right ? x - 5 : x + 5;
  const labelY = startY + offsets[1];
  return {
    x,
    y,
    text,
    arrow: [
      { x: x - 2, y: startY + offsets[0] },
      { x, y: startY },
      { x: x + 2, y: startY + offsets[0] },
    ],
    elbow: [
      { x, y: startY },
      { x, y: labelY },
      { x: lineEndX, y: labelY },
    ],
    label: { x: right ? lineEndX - 5 : lineEndX + 5, y: labelY, align: right ? 'right' : 'left' },
  };
}

/** Everything klinecharts' candle pane shows right after the data is applied, in CSS pixels. */
export function previewGeometry(input: PreviewInput): PreviewGeometry {
  const { candles, width, height, axisWidth, pricePrecision } = input;
  const mainWidth = width - axisWidth;
  const count = candles.length;
  const barSpace = barSpaceFor(defaultBarSpace);
  const range = visibleRange(count, mainWidth);
  const ma = movingAverages(candles, maPeriods, Math.max(0, range.realFrom));
  const scale = priceScale(candles, ma, range, height, pricePrecision);
  const first = Math.max(0, range.realFrom);
  const end = Math.min(count, range.realTo);

  const bars: PreviewBar[] = [];
  let high: { price: number; x: number } | null = null;
  let low: { price: number; x: number } | null = null;
  for (let i = first; i < end; i += 1) {
    const candle = candles[i] as Candle;
    const x = barX(i, count, mainWidth, range);
    const ys = [
      priceY(candle.open, scale),
      priceY(candle.close, scale),
      priceY(candle.high, scale),
      priceY(candle.low, scale),
    ].sort((a, b) => a - b) as [number, number, number, number];
    bars.push({ x, ys, tone: toneAgainst(candle.close, candle.open), ...candleShapes(x, ys, barSpace) });
    if (high === null || candle.high > high.price) high = { price: candle.high, x };
    if (low === null || candle.low < low.price) low = { price: candle.low, x };
  }

  // IndicatorView: a segment from each visible bar to the next where both have a value.
  const maLines = ma.map((values) => {
    const points: Point[] = [];
    for (let i = first; i < end; i += 1) {
      const current = values[i] as number;
      const next = i + 1 < count ? (values[i + 1] as number) : Number.NaN;
      if (Number.isNaN(current) || Number.isNaN(next)) continue;
      const x = barX(i, count, mainWidth, range);
      const previous = points.at(-1);
      if (previous === undefined || previous.x !== x) points.push({ x, y: priceY(current, scale) });
      points.push({ x: barX(i + 1, count, mainWidth, range), y: priceY(next, scale) });
    }
    // klinecharts draws a line only when it has more than one segment.
    return points.length > 2 ? points : [];
  });

  const lastCandle = candles.at(-1);
  const last = lastCandle
    ? {
        // convertToNicePixel keeps the last-price line inside the pane.
        y: Math.round(Math.max(height * 0.05, Math.min(priceY(lastCandle.close, scale), height * 0.98))),
        text: priceText(lastCandle.close, pricePrecision),
        tone: toneAgainst(lastCandle.close, lastCandle.open),
      }
    : null;

  let marks: { high: PriceMark; low: PriceMark } | null = null;
  if (high && low) {
    const highY = priceY(high.price, scale);
    const lowY = priceY(low.price, scale);
    const highAbove = highY < lowY;
    marks = {
      high: priceMark(
        high.x,
        highY,
        priceText(high.price, pricePrecision),
        highAbove ? [-2, -5] : [2, 5],
        mainWidth,
      ),
      low: priceMark(
        low.x,
        lowY,
        priceText(low.price, pricePrecision),
        highAbove ? [2, 5] : [-2, -5],
        mainWidth,
      ),
    };
  }

  return {
    width,
    height,
    mainWidth,
    axisWidth,
    barSpace,
    bars,
    maLines,
    ticks: priceTicks(scale, pricePrecision),
    dateTickXs: dateTickXs(count, mainWidth, range, input.dateTextWidth),
    last,
    high: marks?.high ?? null,
    low: marks?.low ?? null,
  };
}
