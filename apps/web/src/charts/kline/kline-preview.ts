/**
 * The K-line's instant first frame: our own small canvas drawing of the candle pane, shown from the
 * moment the bars are known (even while the klinecharts chunk is still loading) until klinecharts
 * has drawn its own first frame over it. A cold klinecharts needs some 300 ms at 4× CPU for its first
 * draw whatever the number of candles (issue 4's budget is 150 ms), this needs a few milliseconds.
 *
 * So that nothing moves at the handover, the geometry below is klinecharts 10's own, read from
 * node_modules/klinecharts/dist/index.esm.js (StoreImp, YAxisImp, XAxisImp and the candle, indicator,
 * grid, axis and price-mark views) for the options kline-setup.ts sets: default bar space and right
 * offset, the candle pane's y-axis gaps, its tick choice and rounding, the MA periods and colours.
 * What it leaves out are the legends at the top left (text only; they appear at the handover without
 * moving anything). Geometry is pure (previewGeometry) and unit-tested; drawKlinePreview only paints it.
 */
import { type Tone, toneAgainst } from '@zhicai/domain';
import { type ChartPalette, toneColor } from '../canvas/canvas.ts';
import type { Candle } from './day-bar.ts';
import { candlePaneHeight, type KlineIndicator, priceAxisWidth } from './kline-setup.ts';

/** klinecharts' defaults (StoreImp): space per bar and the gap after the last bar, in CSS pixels. */
export const defaultBarSpace = 10;
export const defaultOffsetRightDistance = 80;
/** The candle pane's y-axis gaps (YAxisImp.gap): fractions of the value range added above and below. */
const gapTop = 0.2;
const gapBottom = 0.1;
/** YAxisImp's TICK_COUNT: the value range is split into about this many nice intervals. */
const tickCount = 8;
/** Axis tick text size (styles.yAxis.tickText.size), also the minimum spacing rule of the ticks. */
const tickTextSize = 12;
/** The MA indicator's defaults (klinecharts' movingAverage): periods, precision and line colours. */
export const maPeriods: readonly number[] = [5, 10, 30, 60];
const maPrecision = 2;
const maColors = ['#FF9600', '#935EBD', '#1677FF', '#E11D74', '#01C5C4'];
/** klinecharts' default text family, which our styles keep, and its grey for the high/low marks. */
const fontFamily = 'Helvetica Neue';
const highLowColor = '#76808F';
/** The x-axis tick spacing is measured with this template (XAxisImp.createTicksImp). */
const dateTickTemplate = 'YYYY-MM-DD HH:mm:ss';

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
  // Ticks may fall past the last bar (in the right offset): klinecharts extends the dates there.
  for (let i = Math.max(0, Math.floor(range.realFrom / every) * every); i < range.realTo; i += every) {
    if (i >= range.from && count > 0) xs.push(barX(i, count, mainWidth, range, bar));
  }
  return xs;
}

export interface PreviewBar {
  x: number;
  /** Sorted top to bottom: high, body top, body bottom, low. */
  ys: [number, number, number, number];
  tone: Tone;
}

export interface PriceMark {
  x: number;
  y: number;
  text: string;
}

export interface PreviewGeometry {
  width: number;
  height: number;
  mainWidth: number;
  axisWidth: number;
  barSpace: BarSpace;
  bars: PreviewBar[];
  /** One polyline per MA period (CSS pixels, empty when not drawn), in the order of maPeriods. */
  maLines: { x: number; y: number }[][];
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
    bars.push({ x, ys, tone: toneAgainst(candle.close, candle.open) });
    if (high === null || candle.high > high.price) high = { price: candle.high, x };
    if (low === null || candle.low < low.price) low = { price: candle.low, x };
  }

  // IndicatorView: a segment from each visible bar to the next where both have a value.
  const maLines = ma.map((values) => {
    const points: { x: number; y: number }[] = [];
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
    high: high
      ? { x: high.x, y: priceY(high.price, scale), text: priceText(high.price, pricePrecision) }
      : null,
    low: low ? { x: low.x, y: priceY(low.price, scale), text: priceText(low.price, pricePrecision) } : null,
  };
}

function font(size: number): string {
  return `normal ${size}px ${fontFamily}`;
}

/** klinecharts' calcTextWidth: the advance rounded to whole pixels. */
function textWidth(context: CanvasRenderingContext2D, text: string, size: number): number {
  context.font = font(size);
  return Math.round(context.measureText(text).width);
}

/** The date-tick template's width in the axis font (what klinecharts measures to space the dates). */
export function measureDateTextWidth(context: CanvasRenderingContext2D): number {
  return textWidth(context, dateTickTemplate, tickTextSize);
}

/**
 * Text as klinecharts' text figure draws it: top baseline at the vertical middle minus half the font
 * size, squeezed to the rounded measured width.
 */
function fillText(
  context: CanvasRenderingContext2D,
  text: string,
  x: number,
  y: number,
  size: number,
  align: 'left' | 'right',
): void {
  const width = textWidth(context, text, size);
  context.fillText(text, align === 'left' ? x : x - width, y - size / 2, width);
}

/** A straight 1 px line: klinecharts offsets it by half a pixel so it covers whole pixels. */
function straightLine(
  context: CanvasRenderingContext2D,
  x1: number,
  y1: number,
  x2: number,
  y2: number,
): void {
  context.beginPath();
  if (x1 === x2) {
    context.moveTo(x1 + 0.5, y1);
    context.lineTo(x2 + 0.5, y2);
  } else {
    context.moveTo(x1, y1 + 0.5);
    context.lineTo(x2, y2 + 0.5);
  }
  context.stroke();
}

/** A 1 px polyline, shifted by half a pixel as klinecharts does for odd line widths. */
function polyline(context: CanvasRenderingContext2D, points: readonly { x: number; y: number }[]): void {
  const [start, ...rest] = points;
  if (!start || rest.length === 0) return;
  context.save();
  context.translate(0.5, 0.5);
  context.beginPath();
  context.moveTo(start.x, start.y);
  for (const point of rest) context.lineTo(point.x, point.y);
  context.stroke();
  context.restore();
}

/** The high/low mark of CandleHighLowPriceView: a small arrow, an elbow line and the price. */
function drawPriceMark(
  context: CanvasRenderingContext2D,
  mark: PriceMark,
  offsets: [number, number],
  mainWidth: number,
): void {
  const startX = mark.x;
  const startY = mark.y + offsets[0];
  context.strokeStyle = highLowColor;
  polyline(context, [
    { x: startX - 2, y: startY + offsets[0] },
    { x: startX, y: startY },
    { x: startX + 2, y: startY + offsets[0] },
  ]);
  const right = startX > mainWidth / 2;
  const lineEndX = right ? startX - 5 : startX + 5;
  const y = startY + offsets[1];
  polyline(context, [
    { x: startX, y: startY },
    { x: startX, y },
    { x: lineEndX, y },
  ]);
  context.fillStyle = highLowColor;
  fillText(context, mark.text, right ? lineEndX - 5 : lineEndX + 5, y, 10, right ? 'right' : 'left');
}

/**
 * The backing store as klinecharts' Canvas sizes it: CSS size times the device pixel ratio, rounded.
 * Left alone when already right, since resizing reallocates it.
 */
function sizeCanvas(canvas: HTMLCanvasElement, width: number, height: number) {
  const ratio = window.devicePixelRatio > 0 ? window.devicePixelRatio : 1;
  const pixelWidth = Math.round(width * ratio);
  const pixelHeight = Math.round(height * ratio);
  if (canvas.width !== pixelWidth) canvas.width = pixelWidth;
  if (canvas.height !== pixelHeight) canvas.height = pixelHeight;
  canvas.style.width = `${width}px`;
  canvas.style.height = `${height}px`;
  return { pixelWidth, pixelHeight };
}

/**
 * Sizes the canvas for the device pixel ratio as klinecharts' Canvas does (backing store rounded,
 * scale = backing size / CSS size) and draws the geometry. Returns false when there is no 2D context
 * (jsdom), so the caller keeps its placeholder.
 */
export function drawKlinePreview(
  canvas: HTMLCanvasElement,
  geometry: PreviewGeometry,
  palette: ChartPalette,
): boolean {
  const { width, height, mainWidth } = geometry;
  if (width <= 0 || height <= 0) return false;
  const { pixelWidth, pixelHeight } = sizeCanvas(canvas, width, height);
  const context = canvas.getContext('2d');
  if (!context) return false;
  context.setTransform(pixelWidth / width, 0, 0, pixelHeight / height, 0, 0);
  context.clearRect(0, 0, width, height);
  context.lineWidth = 1;
  context.lineCap = 'butt';
  context.lineJoin = 'miter';
  context.textBaseline = 'top';
  context.textAlign = 'left';

  // Main area, clipped to it like klinecharts' main canvas. The grid is dashed and lies underneath.
  context.save();
  context.beginPath();
  context.rect(0, 0, mainWidth, height);
  context.clip();
  context.strokeStyle = palette.grid;
  context.setLineDash([2, 2]);
  for (const tick of geometry.ticks) straightLine(context, 0, tick.y, mainWidth, tick.y);
  for (const x of geometry.dateTickXs) straightLine(context, x, 0, x, height);
  context.setLineDash([]);

  // Solid candles (candle_solid): a 1 px wick, and a body gapBar wide, filled and then stroked with a
  // 1 px border in the same colour (which only shows in the anti-aliasing at fractional pixel ratios).
  const { gapBar, halfGapBar } = geometry.barSpace;
  const correction = gapBar % 2 === 0 ? 1 : 0;
  for (const bar of geometry.bars) {
    const [top, bodyTop, bodyBottom, bottom] = bar.ys;
    const color = toneColor(palette, bar.tone);
    context.fillStyle = color;
    context.fillRect(bar.x, top, 1, bottom - top);
    const x = bar.x - halfGapBar;
    const width = gapBar + correction;
    const height = Math.max(1, bodyBottom - bodyTop);
    context.fillRect(x, bodyTop, width, height);
    if (width > 2 && height > 2) {
      context.strokeStyle = color;
      context.strokeRect(x + 0.5, bodyTop + 0.5, width - 1, height - 1);
    }
  }

  const { high, low } = geometry;
  if (high && low) {
    const highAbove = high.y < low.y;
    drawPriceMark(context, high, highAbove ? [-2, -5] : [2, 5], mainWidth);
    drawPriceMark(context, low, highAbove ? [2, 5] : [-2, -5], mainWidth);
  }
  if (geometry.last) {
    context.strokeStyle = toneColor(palette, geometry.last.tone);
    context.setLineDash([4, 4]);
    straightLine(context, 0, geometry.last.y, mainWidth, geometry.last.y);
    context.setLineDash([]);
  }
  geometry.maLines.forEach((points, index) => {
    context.strokeStyle = maColors[index % maColors.length] as string;
    polyline(context, points);
  });
  context.restore();

  // The price axis (outside, on the right): axis line, tick marks, labels, and the last-price label.
  context.save();
  context.translate(mainWidth, 0);
  context.strokeStyle = palette.grid;
  straightLine(context, 0, 0, 0, height);
  for (const tick of geometry.ticks) straightLine(context, 1, tick.y, 4, tick.y);
  context.fillStyle = palette.text;
  for (const tick of geometry.ticks) fillText(context, tick.text, 8, tick.y, tickTextSize, 'left');
  if (geometry.last) {
    const labelWidth = 4 + textWidth(context, geometry.last.text, 12) + 4;
    context.fillStyle = toneColor(palette, geometry.last.tone);
    context.beginPath();
    if (typeof context.roundRect === 'function')
      context.roundRect(0, geometry.last.y - 10, labelWidth, 20, 2);
    else context.rect(0, geometry.last.y - 10, labelWidth, 20);
    context.fill();
    context.fillStyle = '#FFFFFF';
    context.font = font(12);
    context.fillText(geometry.last.text, 4, geometry.last.y - 6, labelWidth - 8);
  }
  context.restore();
  return true;
}

export interface PreviewOptions {
  indicators: readonly KlineIndicator[];
  pricePrecision: number;
  palette: ChartPalette;
}

/**
 * Draws the preview of the candle pane klinecharts will lay out in this container: its width, the
 * candle pane's height in the full layout and the fixed price-axis width, as kline-setup.ts gives
 * them to klinecharts. The component and the benchmark both call this. Returns false when nothing
 * could be drawn (no candles, no size, no 2D context).
 */
export function showKlinePreview(
  canvas: HTMLCanvasElement,
  container: HTMLElement,
  candles: readonly Candle[],
  options: PreviewOptions,
): boolean {
  if (candles.length === 0) return false;
  // klinecharts sizes itself from the floored client size of its container (ChartImp).
  const width = Math.floor(container.clientWidth);
  const height = candlePaneHeight(Math.floor(container.clientHeight), options.indicators);
  if (width <= 0 || height <= 0) return false;
  sizeCanvas(canvas, width, height);
  const measure = canvas.getContext('2d');
  if (!measure) return false;
  const geometry = previewGeometry({
    candles,
    width,
    height,
    axisWidth: priceAxisWidth(candles, options.pricePrecision),
    pricePrecision: options.pricePrecision,
    dateTextWidth: measureDateTextWidth(measure),
  });
  return drawKlinePreview(canvas, geometry, options.palette);
}
