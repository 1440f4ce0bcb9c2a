import { useEffect, useMemo, useRef } from 'react';
import { type ChartPalette, chartFont, prepareCanvas, readPalette } from '../canvas/canvas.ts';
import { useElementWidth } from '../canvas/use-element-width.ts';
import {
  minMedianMax,
  type ReferenceLine,
  type ValuationLayout,
  type ValuePoint,
  valuationLayout,
} from './valuation-geometry.ts';
import '../canvas/canvas-chart.css';

export interface ValuationChartProps {
  /** The history, oldest first. */
  points: readonly ValuePoint[];
  /** Dashed horizontal lines with their labels. Default: the lowest, median and highest value (最低/中位/最高). */
  references?: readonly ReferenceLine[];
  /** What is drawn, for the text alternative: 市盈率, 市净率… Default 估值. */
  label?: string;
  /** Height in CSS pixels. Default 180. */
  height?: number;
  /** Value text for the reference labels and the text alternative. Default two decimals. */
  format?: (value: number) => string;
}

const twoDecimals = (value: number) => value.toFixed(2);

/** A valuation history (PE or PB) as a line with reference lines, on a plain canvas. */
export function ValuationChart({
  points,
  references,
  label = '估值',
  height = 180,
  format = twoDecimals,
}: ValuationChartProps) {
  const frameRef = useRef<HTMLDivElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const width = useElementWidth(frameRef);
  const lines = useMemo(() => references ?? minMedianMax(points), [references, points]);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas || width <= 0) return;
    const context = prepareCanvas(canvas, width, height);
    if (!context) return;
    drawValuation(
      context,
      valuationLayout({ points, references: lines, width, height, format }),
      readPalette(canvas),
      width,
    );
  }, [points, lines, width, height, format]);

  const last = points.at(-1);
  const summary = last
    ? [
        `${label}走势，最新 ${format(last.y)}`,
        ...lines.map((line) => `${line.label} ${format(line.value)}`),
      ].join('，')
    : `${label}走势，暂无数据`;

  return (
    <div ref={frameRef} className="canvas-chart" style={{ height }}>
      <canvas
        ref={canvasRef}
        className="canvas-chart__canvas"
        style={{ height }}
        role="img"
        aria-label={summary}
      />
    </div>
  );
}

function drawValuation(
  context: CanvasRenderingContext2D,
  layout: ValuationLayout,
  palette: ChartPalette,
  width: number,
): void {
  context.font = chartFont;
  context.lineWidth = 1;

  context.setLineDash([4, 3]);
  context.fillStyle = palette.text;
  context.textAlign = 'right';
  context.textBaseline = 'bottom';
  for (const reference of layout.references) {
    const y = Math.round(reference.y) + 0.5;
    context.strokeStyle = palette.flat;
    context.beginPath();
    context.moveTo(0, y);
    context.lineTo(width, y);
    context.stroke();
    context.fillText(reference.text, width - 2, y - 2);
  }
  context.setLineDash([]);

  if (layout.line.length > 0) {
    context.beginPath();
    for (const [i, { x, y }] of layout.line.entries()) {
      if (i === 0) context.moveTo(x, y);
      else context.lineTo(x, y);
    }
    context.strokeStyle = palette.line;
    context.stroke();
  }

  context.textBaseline = 'middle';
  for (const date of layout.dates) {
    context.textAlign = date.align;
    context.fillText(date.text, date.x, layout.dateLabelY);
  }
}
