import { useEffect, useRef } from 'react';
import { type ChartPalette, chartFont, prepareCanvas, readPalette } from '../canvas/canvas.ts';
import { useElementWidth } from '../canvas/use-element-width.ts';
import {
  type IntradayLayout,
  type IntradayRow,
  intradayLayout,
  intradaySummary,
  type Point,
} from './intraday-geometry.ts';
import '../canvas/canvas-chart.css';

export interface IntradayChartProps {
  /** The session's minutes so far, in time order. */
  rows: readonly IntradayRow[];
  /** Previous close in yuan: the 0% line the price axis is centred on. */
  prevClose: number;
  /** Every minute label of the full session (930 … 1130, 1301 … 1500), so the line covers only the elapsed part. */
  minutes: readonly number[];
  /** Height in CSS pixels, volume bars included. Default 240. */
  height?: number;
}

/** One session's price and average-price lines over the previous close, with volume bars below, on a plain canvas. */
export function IntradayChart({ rows, prevClose, minutes, height = 240 }: IntradayChartProps) {
  const frameRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const width = useElementWidth(frameRef);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas || width <= 0) return;
    const context = prepareCanvas(canvas, width, height);
    if (!context) return;
    drawIntraday(
      context,
      intradayLayout({ rows, prevClose, minutes, width, height }),
      readPalette(canvas),
      width,
    );
  }, [rows, prevClose, minutes, width, height]);

  return (
    <div ref={frameRef} className="canvas-chart" style={{ height }}>
      <canvas
        ref={canvasRef}
        className="canvas-chart__canvas"
        style={{ height }}
        role="img"
        aria-label={intradaySummary(rows, prevClose)}
      />
    </div>
  );
}

function strokeLine(context: CanvasRenderingContext2D, points: readonly Point[], color: string): void {
  if (points.length === 0) return;
  context.beginPath();
  for (const [i, { x, y }] of points.entries()) {
    if (i === 0) context.moveTo(x, y);
    else context.lineTo(x, y);
  }
  context.strokeStyle = color;
  context.lineWidth = 1;
  context.stroke();
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
  context.stroke();

  context.setLineDash([4, 3]);
  context.strokeStyle = palette.flat;
  context.beginPath();
  context.moveTo(0, Math.round(layout.baselineY) + 0.5);
  context.lineTo(width, Math.round(layout.baselineY) + 0.5);
  context.stroke();
  context.setLineDash([]);

  for (const bar of layout.volumes) {
    context.fillStyle = palette[bar.tone];
    context.fillRect(bar.x, bar.y, bar.width, bar.height);
  }

  strokeLine(context, layout.average, palette.average);
  strokeLine(context, layout.price, palette.line);

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
