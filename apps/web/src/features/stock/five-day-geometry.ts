import { formatReportDate } from '@zhicai/domain';

/**
 * Geometry of the five-day (五日) minute chart. The shared intraday chart places minutes by hhmm
 * and so draws one session; five sessions are laid side by side here instead, each taking a fifth
 * of the width, on one price axis so the days can be compared.
 */

export type FiveDayRow = readonly [
  date: string,
  price: number,
  volume: number,
  amount: number,
  hhmm: number,
  average: number | null,
];

export interface FiveDayLayout {
  /** SVG polyline points, one run per day so the line breaks between sessions. */
  lines: string[];
  /** The y of the reference price (the first minute of the window). */
  baselineY: number;
  /** x of the separators between days. */
  separators: number[];
  /** Day labels MM-DD, centred under their session. */
  days: { x: number; text: string }[];
  /** Highest and lowest price in the window, for the text alternative. */
  high: number | null;
  low: number | null;
}

/** Lays out the last five sessions in the rows; `minutes` are the hhmm labels of one full session. */
export function fiveDayLayout(
  rows: readonly FiveDayRow[],
  minutes: readonly number[],
  width: number,
  height: number,
): FiveDayLayout {
  const dates = [...new Set(rows.map((row) => row[0]))].sort().slice(-5);
  const slot = width / 5;
  const index = new Map(minutes.map((minute, i) => [minute, i]));
  const step = minutes.length > 1 ? slot / (minutes.length - 1) : 0;
  const prices = rows.filter((row) => dates.includes(row[0])).map((row) => row[1]);
  const high = prices.length > 0 ? Math.max(...prices) : null;
  const low = prices.length > 0 ? Math.min(...prices) : null;
  const base = rows.find((row) => dates.includes(row[0]))?.[1] ?? 0;
  // Symmetric around the first price, like the one-day chart is around the previous close.
  const reach =
    Math.max(Math.abs((high ?? base) - base), Math.abs((low ?? base) - base)) || Math.abs(base) * 0.01 || 1;
  const padding = 4;
  const yOf = (price: number) => padding + ((base + reach - price) / (2 * reach)) * (height - 2 * padding);
  const lines = dates.map((date, day) =>
    rows
      .filter((row) => row[0] === date)
      .flatMap((row) => {
        const i = index.get(row[4]);
        if (i === undefined) return [];
        return [`${(day * slot + i * step).toFixed(1)},${yOf(row[1]).toFixed(1)}`];
      })
      .join(' '),
  );
  return {
    lines,
    baselineY: yOf(base),
    separators: [1, 2, 3, 4].map((day) => day * slot),
    days: dates.map((date, day) => ({ x: day * slot + slot / 2, text: formatReportDate(date).slice(5) })),
    high,
    low,
  };
}
