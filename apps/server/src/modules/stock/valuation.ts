import type { valuationYears } from '@zhicai/contract';
import type { z } from 'zod';

/** Pure valuation rules behind `pepb` and `stockBaseInfo` (PE, PB, PS history and percentiles). */

export type ValuationYears = z.infer<typeof valuationYears>;
export type RatioKind = 'pe' | 'pb' | 'psTtm';

export const windowYears: Readonly<Record<ValuationYears, number>> = {
  '3Y': 3,
  '5Y': 5,
  '10Y': 10,
  '50Y': 50,
};

/** The quarterly report figures a ratio divides by (yuan). */
export interface ReportFigures {
  period: number;
  revenue_ttm: number;
  net_profit_ttm: number;
  equity: number;
}

export interface ClosePoint {
  day: number;
  close: number;
}

export interface ValuationPoint extends ClosePoint {
  /** The ratio on that day; null when no report is in force or the denominator is not positive. */
  value: number | null;
}

export function round(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
}

/** Closes of stored bars [day, prevClose, open, high, low, close, …]; a suspended day keeps its prevClose. */
export function closesOf(rows: readonly (readonly unknown[])[]): ClosePoint[] {
  const points: ClosePoint[] = [];
  for (const row of rows) {
    const day = row[0];
    const close = (row[5] ?? row[1]) as number | null;
    if (typeof day === 'number' && typeof close === 'number') points.push({ day, close });
  }
  return points;
}

/**
 * Stored closes with today's live price as the last point once a session is under way (the live
 * price replaces a stored bar of the same day).
 */
export function withLiveClose(
  closes: ClosePoint[],
  quote: { price: number | null; tradingDay: number } | undefined,
): ClosePoint[] {
  const last = closes.at(-1);
  if (quote?.price != null && last) {
    if (quote.tradingDay > last.day) closes.push({ day: quote.tradingDay, close: quote.price });
    else if (quote.tradingDay === last.day) closes[closes.length - 1] = { day: last.day, close: quote.price };
  }
  return closes;
}

/**
 * Forward PE (peFor): today's PE over next year's profit if the TTM net profit keeps growing at
 * its year-on-year rate, i.e. PE ÷ (1 + growth). None without a PE, a growth figure, or when the
 * profit is shrinking to nothing.
 */
export function forwardPe(pe: number | null, profitYoy: number | null): number | null {
  if (pe === null || profitYoy === null || 1 + profitYoy <= 0) return null;
  return round(pe / (1 + profitYoy), 2);
}

/** TTM net profit against the TTM four quarters earlier, − 1 (reports oldest first); null on a non-positive base. */
export function profitGrowth(reports: readonly ReportFigures[]): number | null {
  const latest = reports.at(-1);
  const yearAgo = reports.at(-5);
  if (!latest || !yearAgo || yearAgo.net_profit_ttm <= 0) return null;
  return latest.net_profit_ttm / yearAgo.net_profit_ttm - 1;
}

/** The close on or before `day`, from points sorted by day; null before the first. */
export function closeOnOrBefore(points: readonly ClosePoint[], day: number): number | null {
  let low = 0;
  let high = points.length - 1;
  let found: number | null = null;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const point = points[middle] as ClosePoint;
    if (point.day <= day) {
      found = point.close;
      low = middle + 1;
    } else {
      high = middle - 1;
    }
  }
  return found;
}

function epochDay(day: number): number {
  return Date.UTC(Math.floor(day / 10000), (Math.floor(day / 100) % 100) - 1, day % 100) / 86_400_000;
}

/** The last point of each Monday-to-Sunday week, so the newest point is always kept. */
export function weeklySample<T extends { day: number }>(points: readonly T[]): T[] {
  const sampled: T[] = [];
  let lastWeek: number | null = null;
  for (const point of points) {
    // 1970-01-01 was a Thursday: shifting by 3 days starts each week on a Monday.
    const week = Math.floor((epochDay(point.day) + 3) / 7);
    if (week === lastWeek) sampled[sampled.length - 1] = point;
    else sampled.push(point);
    lastWeek = week;
  }
  return sampled;
}

/** Market value ÷ the report figure: PE by TTM net profit, PB by equity, PS by TTM revenue. */
export function ratioOf(kind: RatioKind, marketCap: number, report: ReportFigures): number | null {
  const denominator =
    kind === 'pe' ? report.net_profit_ttm : kind === 'pb' ? report.equity : report.revenue_ttm;
  // A loss (or negative equity) has no meaningful ratio: the point is left out, not plotted negative.
  return denominator > 0 ? marketCap / denominator : null;
}

/**
 * The ratio on each day: close × total shares ÷ the report in force, i.e. the latest period on or
 * before the day. Rounded to 2 decimals, as the quote engine rounds the current PE and PB.
 */
export function valuationHistory(
  closes: readonly ClosePoint[],
  reports: readonly ReportFigures[],
  totalShares: number,
  kind: RatioKind,
): ValuationPoint[] {
  const sorted = [...reports].sort((a, b) => a.period - b.period);
  let next = 0;
  let inForce: ReportFigures | null = null;
  return closes.map(({ day, close }) => {
    while (next < sorted.length && (sorted[next] as ReportFigures).period <= day) {
      inForce = sorted[next] as ReportFigures;
      next += 1;
    }
    const ratio = inForce ? ratioOf(kind, close * totalShares, inForce) : null;
    return { day, close, value: ratio === null ? null : round(ratio, 2) };
  });
}

/** Share of `values` at or below `value`, in percent (0–100]: the newest high reads 100. */
export function percentileOf(values: readonly number[], value: number): number {
  if (values.length === 0) return 0;
  let atOrBelow = 0;
  for (const item of values) if (item <= value) atOrBelow += 1;
  return (atOrBelow / values.length) * 100;
}

/** Each point's percentile among the points from the start up to it (missing values are skipped). */
export function rollingPercentiles(values: readonly (number | null)[]): (number | null)[] {
  const seen: number[] = [];
  return values.map((value) => {
    if (value === null) return null;
    seen.push(value);
    return round(percentileOf(seen, value), 2);
  });
}

export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

/** The same calendar day `years` years earlier (29 Feb falls back to 28 Feb). */
export function yearsBefore(day: number, years: number): number {
  const monthDay = day % 10000;
  const shifted = (Math.floor(day / 10000) - years) * 10000 + monthDay;
  return monthDay === 229 ? shifted - 1 : shifted;
}

/**
 * The windows the history covers: a window is offered when the first point is at most two weeks
 * after its start (the first trading day of a range rarely falls on the calendar day itself).
 */
export function coveredWindows(firstDay: number, lastDay: number): ValuationYears[] {
  const slack = (day: number) => {
    const date = new Date(epochDay(day) * 86_400_000 + 14 * 86_400_000);
    return date.getUTCFullYear() * 10000 + (date.getUTCMonth() + 1) * 100 + date.getUTCDate();
  };
  return (Object.keys(windowYears) as ValuationYears[]).filter(
    (window) => firstDay <= slack(yearsBefore(lastDay, windowYears[window])),
  );
}

export interface ValuationWindow {
  catalog: ValuationYears[];
  /** Whether the history reaches back to the window's start. */
  covered: boolean;
  points: { x: string; y: number | null; d: number; p: number | null }[];
  min: number | null;
  max: number | null;
  mid: number | null;
  /** The newest point's value and percentile. */
  current: number | null;
  currentPercentile: number | null;
}

/** Weekly points of one window with their percentile within the window so far. */
export function valuationWindow(history: readonly ValuationPoint[], years: ValuationYears): ValuationWindow {
  const weekly = weeklySample(history);
  const first = weekly[0];
  const last = weekly.at(-1);
  if (!first || !last) {
    return {
      catalog: [],
      covered: false,
      points: [],
      min: null,
      max: null,
      mid: null,
      current: null,
      currentPercentile: null,
    };
  }
  const catalog = coveredWindows(first.day, last.day);
  const start = yearsBefore(last.day, windowYears[years]);
  const inWindow = weekly.filter((point) => point.day >= start);
  const percentiles = rollingPercentiles(inWindow.map((point) => point.value));
  const values = inWindow.flatMap((point) => (point.value === null ? [] : [point.value]));
  return {
    catalog,
    covered: catalog.includes(years),
    points: inWindow.map((point, index) => ({
      x: String(point.day),
      y: point.value,
      d: point.close,
      p: percentiles[index] ?? null,
    })),
    min: values.length ? Math.min(...values) : null,
    max: values.length ? Math.max(...values) : null,
    mid: median(values),
    current: last.value,
    currentPercentile: percentiles.at(-1) ?? null,
  };
}

const ratioNames: Readonly<Record<RatioKind | 'indexGZPer', string>> = {
  pe: '市盈率',
  pb: '市净率',
  psTtm: '市销率',
  indexGZPer: '市盈率',
};

/** e.g. 当前市盈率 32.10，处于近5年 35.2% 分位. */
export function valuationMessage(
  kind: RatioKind | 'indexGZPer',
  years: ValuationYears,
  covered: boolean,
  current: number | null,
  percentile: number | null,
): string {
  const name = ratioNames[kind];
  if (current === null || percentile === null) return `当前${name}不适用（亏损或暂无财报）`;
  const span = covered ? `近${windowYears[years]}年` : '有数据以来';
  return `当前${name} ${current.toFixed(2)}，处于${span} ${percentile.toFixed(1)}% 分位`;
}

/**
 * An index's valuation on each day as the weighted mean of its members' ratios; members without a
 * ratio that day (losses, not yet listed) drop out and the remaining weights are rescaled.
 */
export function weightedValuation(
  members: readonly { weight: number; values: readonly (number | null)[] }[],
  length: number,
): (number | null)[] {
  return Array.from({ length }, (_, index) => {
    let sum = 0;
    let weights = 0;
    for (const member of members) {
      const value = member.values[index];
      if (value === null || value === undefined) continue;
      sum += member.weight * value;
      weights += member.weight;
    }
    return weights > 0 ? round(sum / weights, 2) : null;
  });
}
