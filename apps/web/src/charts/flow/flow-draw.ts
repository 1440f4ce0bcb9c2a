/**
 * Paints a flow layout on a canvas: background, bands, bars, labels. The layout is in the chart's
 * own pixels (spec 2 §9: 1800 wide, trimmed height); the canvas backing store is that size times a
 * pixel ratio (flowPixelRatio: the card's device pixels, or 1800 in full screen), and CSS scales it
 * to the card.
 */
import type { Tone } from '@zhicai/domain';
import { type ColorScheme, schemeToneColors, type ToneColors, toneColor } from '../canvas/canvas.ts';
import { type FlowLayout, flowMetrics, type LabelLineKind } from './flow-layout.ts';

/**
 * The flow chart's colours. `up` paints positive bars and bands and rises (red, CONVENTIONS habit
 * 11), `down` negative ones and falls (green). The palette is plain data because the chart is also
 * drawn in a worker and into share pictures, where no CSS can be read.
 */
export interface FlowPalette extends ToneColors {
  /** Filled behind the chart, so the picture reads the same inside the card and in a share image. */
  background: string;
  /** Names. */
  text: string;
  /** Amounts. */
  secondaryText: string;
  /** Opacity of the bands, so labels stay readable on top of them. */
  bandAlpha: number;
}

/** The light and dark palettes; the colours are those of app/styles/global.css for each scheme. */
export const flowPalettes: Record<ColorScheme, FlowPalette> = {
  light: {
    background: '#ffffff',
    ...schemeToneColors.light,
    text: '#1f2329',
    secondaryText: '#646a73',
    bandAlpha: 0.22,
  },
  dark: {
    background: '#1c1d21',
    ...schemeToneColors.dark,
    text: '#e8eaed',
    secondaryText: '#a0a4ab',
    bandAlpha: 0.34,
  },
};

const fontFamily =
  '-apple-system, BlinkMacSystemFont, "PingFang SC", "Hiragino Sans GB", "Microsoft YaHei", "Noto Sans CJK SC", "Source Han Sans SC", "Helvetica Neue", Arial, sans-serif';

/** spec 2 §9: names in 46px medium, amounts and changes in 40px regular. */
export const flowFonts: Record<LabelLineKind, string> = {
  name: `500 ${flowMetrics.nameFontSize}px ${fontFamily}`,
  value: `400 ${flowMetrics.valueFontSize}px ${fontFamily}`,
  change: `400 ${flowMetrics.valueFontSize}px ${fontFamily}`,
};

function lineColor(palette: FlowPalette, tone: Tone, kind: LabelLineKind): string {
  if (kind === 'name') return palette.text;
  if (kind === 'value') return palette.secondaryText;
  return toneColor(palette, tone);
}

/**
 * Canvas pixels per layout pixel for a chart shown `cssWidth` CSS pixels wide on a screen of
 * `devicePixelRatio`: as many as the screen shows and never more than the layout's own 1800 (spec 2
 * §9), which is the full-screen picture. A card on a phone shows the chart ~323 CSS pixels wide, 646
 * to 969 device pixels, so drawing all 1800 there rasterised 3–8 times the pixels anyone sees (and
 * the browser then scaled them down, softening the text); at 4× CPU it kept the first draw at
 * 110–180 ms (bench/flow-chart-draw.mjs). Unknown widths (not laid out, jsdom) draw at 1800.
 */
export function flowPixelRatio(
  cssWidth: number,
  devicePixelRatio: number,
  layoutWidth: number = flowMetrics.width,
): number {
  if (!(cssWidth > 0) || !(devicePixelRatio > 0) || !(layoutWidth > 0)) return 1;
  return Math.min(1, (cssWidth * devicePixelRatio) / layoutWidth);
}

/**
 * Sizes the canvas to the layout (which already is trimmed to the content) at `pixelRatio` canvas
 * pixels per layout pixel, and draws it. Returns false when the browser (or jsdom) gives no 2D
 * context.
 */
export function drawFlow(
  canvas: HTMLCanvasElement | OffscreenCanvas,
  layout: FlowLayout,
  palette: FlowPalette,
  pixelRatio = 1,
): boolean {
  const width = Math.ceil(layout.width * pixelRatio);
  const height = Math.ceil(layout.height * pixelRatio);
  // Assigning a size, even the same one, throws the bitmap away; a redraw at the same size (a colour
  // scheme change) keeps it and paints over it with the opaque background.
  if (canvas.width !== width) canvas.width = width;
  if (canvas.height !== height) canvas.height = height;
  const context = canvas.getContext('2d') as
    | CanvasRenderingContext2D
    | OffscreenCanvasRenderingContext2D
    | null;
  if (!context) return false;
  context.setTransform(pixelRatio, 0, 0, pixelRatio, 0, 0);
  context.globalAlpha = 1;
  context.fillStyle = palette.background;
  context.fillRect(0, 0, layout.width, layout.height);

  // Bands first, translucent, so bars and labels sit on top of them.
  context.globalAlpha = palette.bandAlpha;
  for (const negative of [false, true]) {
    context.fillStyle = negative ? palette.down : palette.up;
    context.beginPath();
    for (const band of layout.bands) {
      if (band.negative !== negative) continue;
      const middle = (band.x0 + band.x1) / 2;
      context.moveTo(band.x0, band.y0);
      context.bezierCurveTo(middle, band.y0, middle, band.y1, band.x1, band.y1);
      context.lineTo(band.x1, band.y1 + band.h1);
      context.bezierCurveTo(middle, band.y1 + band.h1, middle, band.y0 + band.h0, band.x0, band.y0 + band.h0);
      context.closePath();
    }
    context.fill();
  }
  context.globalAlpha = 1;

  for (const bar of layout.bars) {
    context.fillStyle = bar.negative ? palette.down : palette.up;
    context.fillRect(bar.x, bar.y, bar.width, bar.height);
  }

  // Text grouped by font and colour, so each is set once per run of lines rather than per line.
  context.textAlign = 'left';
  context.textBaseline = 'middle';
  const runs = new Map<
    string,
    { kind: LabelLineKind; color: string; items: [string, number, number, number][] }
  >();
  for (const label of layout.labels) {
    for (const line of label.lines) {
      const color = lineColor(palette, line.tone, line.kind);
      const key = `${line.kind} ${color}`;
      let run = runs.get(key);
      if (!run) {
        run = { kind: line.kind, color, items: [] };
        runs.set(key, run);
      }
      run.items.push([line.text, label.x, line.y, label.maxWidth]);
    }
  }
  for (const run of runs.values()) {
    context.font = flowFonts[run.kind];
    context.fillStyle = run.color;
    // The text column bounds every line: at 40px '同比▲20.00%' is a little wider than 232, and
    // fillText narrows it rather than letting it run into the next column or off the canvas.
    for (const [text, x, y, maxWidth] of run.items) context.fillText(text, x, y, maxWidth);
  }
  return true;
}
