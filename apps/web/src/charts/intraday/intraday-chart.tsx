import { type PointerEvent, useEffect, useMemo, useRef, useState } from 'react';
import { toneClassName } from '../../ui/quote/tone.ts';
import { type ChartPalette, chartFont, prepareCanvas, readPalette, toneColor } from '../canvas/canvas.ts';
import { useElementWidth } from '../canvas/use-element-width.ts';
import {
  type IntradayLayout,
  type IntradayRow,
  intradayLayout,
  intradaySummary,
  type MinuteMark,
  markLegend,
  nearestMark,
  type Point,
  type VolumeBar,
} from './intraday-geometry.ts';
import '../canvas/canvas-chart.css';
import './intraday-chart.css';

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
  /** Words a minute's volume (in shares) for the crosshair legend, as its market quotes it (手 or 股). */
  formatShares: (shares: number) => string;
}

/**
 * One session's (or several sessions') price and average-price lines over the previous close, with
 * volume bars below, on a plain canvas. The layout is computed once per data or size change; a redraw
 * on a live tick strokes a few paths, one per colour.
 *
 * A crosshair follows the mouse, or a finger pressed on the chart, to the nearest traded minute, and
 * a legend over the chart reads that minute's time, price, change, average and volume. It is drawn on
 * a second canvas above the chart, so moving it never redraws the chart. Vertical swipes still scroll
 * the page (touch-action: pan-y); the browser then cancels the pointer and the crosshair goes.
 */
export function IntradayChart({
  rows,
  prevClose,
  minutes,
  sessions = 1,
  height = 240,
  formatShares,
}: IntradayChartProps) {
  const frameRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const crosshairRef = useRef<HTMLCanvasElement>(null);
  const width = useElementWidth(frameRef);
  const layout = useMemo(
    () => (width > 0 ? intradayLayout({ rows, prevClose, minutes, width, height, sessions }) : null),
    [rows, prevClose, minutes, width, height, sessions],
  );
  const [focus, setFocus] = useState<MinuteMark | null>(null);
  // A live tick or a resize brings a new layout: a shown crosshair moves to the same spot of it.
  const focused = focus && layout ? nearestMark(layout.marks, focus.x) : null;

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas || !layout) return;
    const context = prepareCanvas(canvas, width, height);
    if (!context) return;
    drawIntraday(context, layout, readPalette(canvas), width);
  }, [layout, width, height]);

  useEffect(() => {
    const canvas = crosshairRef.current;
    if (!canvas || !layout) return;
    const context = prepareCanvas(canvas, width, height);
    if (context && focused) drawCrosshair(context, layout, focused, readPalette(canvas), width);
  }, [layout, focused, width, height]);

  const follow = (event: PointerEvent<HTMLDivElement>) => {
    if (!layout) return;
    const x = event.clientX - event.currentTarget.getBoundingClientRect().left;
    setFocus(nearestMark(layout.marks, x));
  };
  const release = () => setFocus(null);

  return (
    <div
      ref={frameRef}
      className="canvas-chart intraday-chart"
      style={{ height }}
      onPointerDown={follow}
      onPointerMove={(event) => {
        if (event.pointerType === 'mouse' || focus) follow(event);
      }}
      onPointerUp={(event) => {
        if (event.pointerType !== 'mouse') release();
      }}
      onPointerCancel={release}
      onPointerLeave={release}
    >
      <canvas
        ref={canvasRef}
        className="canvas-chart__canvas"
        style={{ height }}
        role="img"
        aria-label={intradaySummary(rows, prevClose, sessions)}
      />
      <canvas ref={crosshairRef} className="intraday-chart__crosshair" style={{ height }} />
      {focused ? (
        <dl className="intraday-chart__legend" aria-live="polite">
          {markLegend(focused, sessions, formatShares).map((item) => (
            <div key={item.label} className="intraday-chart__legend-item">
              <dt>{item.label}</dt>
              <dd className={item.tone ? toneClassName(item.tone) : undefined}>{item.text}</dd>
            </div>
          ))}
        </dl>
      ) : null}
    </div>
  );
}

/** The crosshair through a minute: a vertical line over both areas, a horizontal one at its price. */
function drawCrosshair(
  context: CanvasRenderingContext2D,
  layout: IntradayLayout,
  mark: MinuteMark,
  palette: ChartPalette,
  width: number,
): void {
  const x = Math.round(mark.x) + 0.5;
  const y = Math.round(mark.y) + 0.5;
  context.strokeStyle = palette.text;
  context.lineWidth = 1;
  context.beginPath();
  context.moveTo(x, layout.priceArea.top);
  context.lineTo(x, layout.priceArea.bottom);
  context.moveTo(x, layout.volumeArea.top);
  context.lineTo(x, layout.volumeArea.bottom);
  context.moveTo(0, y);
  context.lineTo(width, y);
  context.stroke();
  context.fillStyle = palette.line;
  context.beginPath();
  context.arc(mark.x, mark.y, 3, 0, Math.PI * 2);
  context.fill();
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

/** Fills the bars of each tone colour as a single path: five days are over a thousand bars. */
function fillBars(
  context: CanvasRenderingContext2D,
  bars: readonly VolumeBar[],
  palette: ChartPalette,
): void {
  for (const color of new Set([palette.up, palette.down, palette.flat])) {
    context.beginPath();
    for (const bar of bars) {
      if (toneColor(palette, bar.tone) === color) context.rect(bar.x, bar.y, bar.width, bar.height);
    }
    context.fillStyle = color;
    context.fill();
  }
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

  fillBars(context, layout.volumes, palette);

  strokeRuns(context, layout.average, palette.average);
  strokeRuns(context, layout.price, palette.line);

  // Labels sit inside the plot, price on the left and percent on the right, as on trading apps.
  layout.ticks.forEach((tick, i) => {
    const last = i === layout.ticks.length - 1;
    // The previous close's labels sit just above the dashed baseline rather than struck through by it.
    const onBaseline = tick.tone === 'flat';
    context.textBaseline = i === 0 ? 'top' : last || onBaseline ? 'bottom' : 'middle';
    const y = onBaseline ? tick.y - 1 : tick.y;
    context.fillStyle = toneColor(palette, tick.tone);
    context.textAlign = 'left';
    context.fillText(tick.price, 2, y);
    context.textAlign = 'right';
    context.fillText(tick.percent, width - 2, y);
  });

  context.fillStyle = palette.text;
  context.textBaseline = 'middle';
  for (const label of layout.times) {
    context.textAlign = label.align;
    context.fillText(label.text, label.x, layout.timeLabelY);
  }
}
