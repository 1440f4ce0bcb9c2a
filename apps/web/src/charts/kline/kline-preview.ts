/**
 * The K-line's instant first frame: our own small canvas drawing of the candle pane, shown from the
 * moment the bars are known (even while the klinecharts chunk is still loading) until klinecharts
 * has drawn its own first frame over it. A cold klinecharts needs some 300 ms at 4× CPU for its first
 * draw whatever the number of candles (issue 4's budget is 150 ms), this needs a few milliseconds.
 *
 * kline-geometry.ts computes where everything goes (pure, unit-tested); this file only paints it as
 * klinecharts' figures paint: its colours and font, half-pixel line offsets, text squeezed to its
 * rounded width. klinecharts draws no legend (kline-setup.ts turns its tooltips off), and our DOM
 * legend above the chart shows from the first frame, so there is no text to leave out.
 */
import { type ChartPalette, toneColor } from '../canvas/canvas.ts';
import type { Candle } from './day-bar.ts';
import {
  lineColors,
  type Point,
  type PreviewGeometry,
  type PriceMark,
  previewGeometry,
  tickTextSize,
} from './kline-geometry.ts';
import {
  candlePaneHeight,
  candlePaneIndicators,
  type KlineIndicator,
  priceAxisWidth,
} from './kline-setup.ts';

/** klinecharts' default text family, which our styles keep, and its grey for the high/low marks. */
const fontFamily = 'Helvetica Neue';
const highLowColor = '#76808F';
/** The x-axis tick spacing is measured with this template (XAxisImp.createTicksImp). */
const dateTickTemplate = 'YYYY-MM-DD HH:mm:ss';

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
function polyline(context: CanvasRenderingContext2D, points: readonly Point[]): void {
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
function drawPriceMark(context: CanvasRenderingContext2D, mark: PriceMark): void {
  context.strokeStyle = highLowColor;
  polyline(context, mark.arrow);
  polyline(context, mark.elbow);
  context.fillStyle = highLowColor;
  fillText(context, mark.text, mark.label.x, mark.label.y, 10, mark.label.align);
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

  // Solid candles (candle_solid): the wick, and the body filled and then stroked with a 1 px border
  // in the same colour (which only shows in the anti-aliasing at fractional pixel ratios).
  for (const { tone, wick, body } of geometry.bars) {
    const color = toneColor(palette, tone);
    context.fillStyle = color;
    context.fillRect(wick.x, wick.y, wick.width, wick.height);
    context.fillRect(body.x, body.y, body.width, body.height);
    if (body.width > 2 && body.height > 2) {
      context.strokeStyle = color;
      context.strokeRect(body.x + 0.5, body.y + 0.5, body.width - 1, body.height - 1);
    }
  }

  if (geometry.high) drawPriceMark(context, geometry.high);
  if (geometry.low) drawPriceMark(context, geometry.low);
  if (geometry.last) {
    context.strokeStyle = toneColor(palette, geometry.last.tone);
    context.setLineDash([4, 4]);
    straightLine(context, 0, geometry.last.y, mainWidth, geometry.last.y);
    context.setLineDash([]);
  }
  geometry.maLines.forEach((points, index) => {
    context.strokeStyle = lineColors[index % lineColors.length] as string;
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
  // The preview scales the price axis to the candles and MA, as klinecharts does with MA alone on the
  // candle pane; with BOLL there (or without MA) the scale would differ, so klinecharts draws first.
  if (candlePaneIndicators(options.indicators).join() !== 'MA') return false;
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
