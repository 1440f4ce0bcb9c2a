/**
 * Geometry of several dated lines in one box (comparison charts: normalised prices, cumulative
 * returns, invested against value). The x axis is calendar time shared by every line, so lines with
 * different trading days (a suspended stock, a fund with fewer NAV days) stay aligned by date.
 */

export interface DatedPoint {
  /** YYYYMMDD. */
  date: number;
  value: number;
}

export interface LineSeries {
  name: string;
  points: readonly DatedPoint[];
}

export interface PlacedLine {
  name: string;
  path: string;
  last: { x: number; y: number; value: number } | null;
}

export interface MultiLineGeometry {
  lines: PlacedLine[];
  /** The y of value 0 when 0 lies within the range. */
  zeroY: number | null;
  firstDate: number | null;
  lastDate: number | null;
}

function dayToUtc(day: number): number {
  return Date.UTC(Math.floor(day / 10000), (Math.floor(day / 100) % 100) - 1, day % 100);
}

/** Places every line in a width × height box, keeping `pad` pixels free at top and bottom. */
export function multiLineGeometry(
  series: readonly LineSeries[],
  width: number,
  height: number,
  pad = 12,
): MultiLineGeometry {
  const all = series.flatMap((line) => line.points);
  if (all.length === 0) return { lines: [], zeroY: null, firstDate: null, lastDate: null };
  const dates = all.map((point) => dayToUtc(point.date));
  const values = all.map((point) => point.value);
  const first = Math.min(...dates);
  const last = Math.max(...dates);
  const min = Math.min(...values);
  const max = Math.max(...values);
  const span = max - min || Math.abs(max) || 1;
  const low = max === min ? min - span / 2 : min;
  const high = max === min ? max + span / 2 : max;
  const x = (date: number) =>
    last === first ? width / 2 : ((dayToUtc(date) - first) / (last - first)) * width;
  const y = (value: number) => pad + ((high - value) / (high - low)) * (height - 2 * pad);
  const lines = series.map((line) => {
    const sorted = [...line.points].sort((a, b) => a.date - b.date);
    const path = sorted
      .map(
        (point, index) =>
          `${index === 0 ? 'M' : 'L'}${x(point.date).toFixed(1)},${y(point.value).toFixed(1)}`,
      )
      .join(' ');
    const end = sorted.at(-1);
    return {
      name: line.name,
      path,
      last: end ? { x: x(end.date), y: y(end.value), value: end.value } : null,
    };
  });
  const firstPoint = all.reduce((a, b) => (b.date < a.date ? b : a));
  const lastPoint = all.reduce((a, b) => (b.date > a.date ? b : a));
  return {
    lines,
    zeroY: low <= 0 && high >= 0 ? y(0) : null,
    firstDate: firstPoint.date,
    lastDate: lastPoint.date,
  };
}
