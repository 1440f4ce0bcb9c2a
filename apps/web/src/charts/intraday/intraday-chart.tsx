import { useEffect, useMemo, useRef } from 'react';
import { type ChartPalette, chartFont, prepareCanvas, readPalette } from '../canvas/canvas.ts';
import { useElementWidth } from '../canvas/use-element-width.ts';
import {
  type IntradayLayout,
  type IntradayRow,
  intradayLayout,
  intradaySummary,
  type Point,
  type VolumeBar,
} from './intraday-geometry.ts';
import '../canvas/canvas-chart.css';

export interface IntradayChartProps {
  /** The minutes so far, in time order; with several sessions, those of every day (told apart by date). */
  rows: readonly IntradayRow[];
  /** Previous close in yuan before the first session shown: the 0% line the price axis is centred on. */
  prevClose: number;
  /** Every minute label of one full session (930 … 1130, 1301 … 1500), so the line covers only the elapsed part. */
  minutes: readonly number[];
  /** How many sessions stand side by side on the time axis: 1 for 分时 (default), 5 for 五日. */
  sessions?: number;
  /** Height in CSS pixels, volume bars included. Default 240. */
  height?: number;
}

/**
 * One session's (or several sessions') price and average-price lines over the previous close, with
 * volume bars below, on a plain canvas. The layout is computed once per data or size change; a redraw
 * on a live tick strokes a few paths, one per colour.
 */
export function IntradayChart({ rows, prevClose, minutes, sessions = 1, height = 240 }: IntradayChartProps) {
  const frameRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const width = useElementWidth(frameRef);
  const layout = useMemo(
    () => (width > 0 ? intradayLayout({ rows, prevClose, minutes, width, height, sessions }) : null),
    [rows, prevClose, minutes, width, height, sessions],
  );

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas || !layout) return;
    const context = prepareCanvas(canvas, width, height);
    if (!context) return;
    drawIntraday(context, layout, readPalette(canvas), width);
  }, [layout, width, height]);

  return (
    <div ref={frameRef} className="canvas-chart" style={{ height }}>
      <canvas
        ref={canvasRef}
        className="canvas-chart__canvas"
        style={{ height }}
        role="img"
        aria-label={intradaySummary(rows, prevClose, sessions)}
      />
    </div>
  );
}

/** Strokes every run as one path: a run per session, so the line breaks between days. */
function strokeRuns(context: CanvasRenderingContext2D, runs: readonly Point[][], color: string): void {
  context.beginPath();
  for (const run of runs) {
    for (const [i, { x, y }] of run.entries()) {
      if (i === 0) context.moveTo(x, y);
      else context.lineTo(x, y);
    }
  }
  context.strokeStyle = color;
  context.lineWidth = 1;
  context.stroke();
}

/** Fills the bars of one tone as a single path: five days are over a thousand bars. */
function fillBars(
  context: CanvasRenderingContext2D,
  bars: readonly VolumeBar[],
  tone: VolumeBar['tone'],
  color: string,
): void {
  context.beginPath();
  for (const bar of bars) {
    if (bar.tone === tone) context.rect(bar.x, bar.y, bar.width, bar.height);
  }
  context.fillStyle = color;
  context.fill();
}

function drawIntraday(
  context: CanvasRenderingContext2D,
  layout: IntradayLayout,
  palette: ChartPalette,
  width: number,
): void {
  context.font = chartFont;

  context.strokeStyle = palette.grid;
  context.lineWidth = 1;
  context.beginPath();
  for (const y of [layout.priceArea.top, layout.priceArea.bottom, layout.volumeArea.top]) {
    context.moveTo(0, Math.round(y) + 0.5);
    context.lineTo(width, Math.round(y) + 0.5);
  }
  // Day boundaries run through the price and volume areas but not the label strip between them.
  for (const x of layout.separators) {
    const crisp = Math.round(x) + 0.5;
    context.moveTo(crisp, layout.priceArea.top);
    context.lineTo(crisp, layout.priceArea.bottom);
    context.moveTo(crisp, layout.volumeArea.top);
    context.lineTo(crisp, layout.volumeArea.bottom);
  }
  context.stroke();

  context.setLineDash([4, 3]);
  context.strokeStyle = palette.flat;
  context.beginPath();
  context.moveTo(0, Math.round(layout.baselineY) + 0.5);
  context.lineTo(width, Math.round(layout.baselineY) + 0.5);
  context.stroke();
  context.setLineDash([]);

  for (const tone of ['up', 'down', 'flat'] as const) fillBars(context, layout.volumes, tone, palette[tone]);

  strokeRuns(context, layout.average, palette.average);
  strokeRuns(context, layout.price, palette.line);

  // Labels sit inside the plot, price on the left and percent on the right, as on trading apps.
  layout.ticks.forEach((tick, i) => {
    const last = i === layout.ticks.length - 1;
    context.textBaseline = i === 0 ? 'top' : last ? 'bottom' : 'middle';
    context.fillStyle = palette[tick.tone];
    context.textAlign = 'left';
    context.fillText(tick.price, 2, tick.y);
    context.textAlign = 'right';
    context.fillText(tick.percent, width - 2, tick.y);
  });

  context.fillStyle = palette.text;
  context.textBaseline = 'middle';
  for (const label of layout.times) {
    context.textAlign = label.align;
    context.fillText(label.text, label.x, layout.timeLabelY);
  }
}
