/**
 * Pure geometry of the valuation line chart (PE/PB history with its percentile lines), in CSS pixels.
 */

/** One observation: the date as the string YYYYMMDD and the value (a multiple such as PE). */
export interface ValuePoint {
  x: string;
  y: number;
}

export interface ReferenceLine {
  value: number;
  label: string;
}

export interface ValuationLayout {
  line: { x: number; y: number }[];
  references: { y: number; text: string }[];
  dates: { x: number; text: string; align: 'left' | 'right' }[];
  dateLabelY: number;
  plot: { top: number; bottom: number };
}

/** The median of the values; the mean of the middle two for an even count. */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const upper = sorted[middle] as number;
  return sorted.length % 2 === 1 ? upper : ((sorted[middle - 1] as number) + upper) / 2;
}

/** The lowest, median and highest value, labelled 最低 / 中位 / 最高. */
export function minMedianMax(points: readonly ValuePoint[]): ReferenceLine[] {
  const values = points.map((point) => point.y).filter(Number.isFinite);
  const middle = median(values);
  if (middle === null) return [];
  return [
    { value: Math.min(...values), label: '最低' },
    { value: middle, label: '中位' },
    { value: Math.max(...values), label: '最高' },
  ];
}

/** The value range to show: every point and reference line, with 8% headroom so lines clear the edges. */
export function valueRange(
  points: readonly ValuePoint[],
  references: readonly ReferenceLine[],
): { min: number; max: number } | null {
  const values = [...points.map((point) => point.y), ...references.map((line) => line.value)].filter(
    Number.isFinite,
  );
  if (values.length === 0) return null;
  const low = Math.min(...values);
  const high = Math.max(...values);
  const margin = (high - low) * 0.08 || Math.abs(high) * 0.05 || 1;
  return { min: low - margin, max: high + margin };
}

export function formatDate(date: string): string {
  return date.length === 8 ? `${date.slice(0, 4)}-${date.slice(4, 6)}-${date.slice(6)}` : date;
}

export interface ValuationInput {
  points: readonly ValuePoint[];
  references: readonly ReferenceLine[];
  width: number;
  height: number;
  format: (value: number) => string;
}

const dateLabelHeight = 16;
const plotPadding = 4;

/** Points are spaced evenly by index: the series is trading days, and gaps (weekends) are not drawn. */
export function valuationLayout({
  points,
  references,
  width,
  height,
  format,
}: ValuationInput): ValuationLayout {
  const plot = { top: plotPadding, bottom: height - dateLabelHeight - plotPadding };
  const range = valueRange(points, references);
  const dateLabelY = height - dateLabelHeight / 2;
  if (!range) return { line: [], references: [], dates: [], dateLabelY, plot };
  const yOf = (value: number) =>
    plot.bottom - ((value - range.min) / (range.max - range.min)) * (plot.bottom - plot.top);
  const step = points.length > 1 ? width / (points.length - 1) : 0;
  const line = points.flatMap((point, i) =>
    Number.isFinite(point.y) ? [{ x: i * step, y: yOf(point.y) }] : [],
  );
  const first = points[0];
  const last = points.at(-1);
  const dates: ValuationLayout['dates'] = [];
  if (first) dates.push({ x: 0, text: formatDate(first.x), align: 'left' });
  if (last && points.length > 1) dates.push({ x: width, text: formatDate(last.x), align: 'right' });
  return {
    line,
    references: references.map((reference) => ({
      y: yOf(reference.value),
      text: `${reference.label} ${format(reference.value)}`,
    })),
    dates,
    dateLabelY,
    plot,
  };
}
