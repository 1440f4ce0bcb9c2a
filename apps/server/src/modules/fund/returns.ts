/** Pure NAV rules: period returns, tenure returns, annualising and averaging them. */
import type { PeriodReturns } from '@zhicai/contract';

export interface NavPoint {
  day: number;
  /** Unit NAV (yuan per unit). */
  unit: number;
  /** Accumulated NAV: unit NAV plus everything distributed per unit so far. */
  accum: number;
}

/**
 * NAV points of a stored series: NAV rows [day, unitNav, accumNav] for off-exchange funds, day bars
 * [day, prevClose, open, high, low, close, …] for ETFs (their close stands in for the NAV).
 */
export function navPointsOf(rows: readonly (readonly unknown[])[], kind: 'day' | 'nav'): NavPoint[] {
  const points: NavPoint[] = [];
  for (const row of rows) {
    const day = row[0];
    if (typeof day !== 'number') continue;
    if (kind === 'nav') {
      const unit = row[1];
      const accum = row[2];
      if (typeof unit === 'number')
        points.push({ day, unit, accum: typeof accum === 'number' ? accum : unit });
    } else {
      const close = (row[5] ?? row[1]) as number | null;
      if (typeof close === 'number') points.push({ day, unit: close, accum: close });
    }
  }
  return points;
}

/** The NAV on or before `day` (points sorted by day); null when the fund is younger than that. */
export function navOnOrBefore(points: readonly NavPoint[], day: number): NavPoint | null {
  let low = 0;
  let high = points.length - 1;
  let found: NavPoint | null = null;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const point = points[middle] as NavPoint;
    if (point.day <= day) {
      found = point;
      low = middle + 1;
    } else {
      high = middle - 1;
    }
  }
  return found;
}

/**
 * Return from one NAV to a later one: the growth of the accumulated NAV over the starting unit
 * NAV, so a distribution (unit NAV drops, accumulated NAV does not) is not read as a loss.
 */
export function periodReturn(start: NavPoint, end: NavPoint): number {
  return (end.accum - start.accum) / start.unit;
}

/** The same day `months` months earlier, clamped to the month's length (0331 − 1 month = 0228/0229). */
export function monthsBefore(day: number, months: number): number {
  const year = Math.floor(day / 10000);
  const month = Math.floor(day / 100) % 100;
  const total = year * 12 + (month - 1) - months;
  const newYear = Math.floor(total / 12);
  const newMonth = (total % 12) + 1;
  const length = new Date(Date.UTC(newYear, newMonth, 0)).getUTCDate();
  return newYear * 10000 + newMonth * 100 + Math.min(day % 100, length);
}

function rounded(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}

/**
 * Returns up to the newest NAV over each period, each from the NAV on or before the period's start;
 * null where the fund has no NAV that early. Year to date starts from the last NAV of last year.
 */
export function periodReturns(points: readonly NavPoint[]): PeriodReturns {
  const last = points.at(-1);
  const first = points[0];
  const empty = { m1: null, m3: null, m6: null, y1: null, y3: null, ytd: null, sinceInception: null };
  if (!last || !first) return empty;
  const since = (startDay: number) => {
    const start = navOnOrBefore(points, startDay);
    return start ? rounded(periodReturn(start, last)) : null;
  };
  return {
    m1: since(monthsBefore(last.day, 1)),
    m3: since(monthsBefore(last.day, 3)),
    m6: since(monthsBefore(last.day, 6)),
    y1: since(monthsBefore(last.day, 12)),
    y3: since(monthsBefore(last.day, 36)),
    ytd: since((Math.floor(last.day / 10000) - 1) * 10000 + 1231),
    sinceInception: rounded(periodReturn(first, last)),
  };
}

/** Calendar days between two YYYYMMDD days. */
export function daysBetween(from: number, to: number): number {
  const utc = (day: number) =>
    Date.UTC(Math.floor(day / 10000), (Math.floor(day / 100) % 100) - 1, day % 100);
  return Math.round((utc(to) - utc(from)) / 86_400_000);
}

/** A return over `days` calendar days as a yearly rate; null for spans under a month (too noisy). */
export function annualise(totalReturn: number, days: number): number | null {
  if (days < 30 || totalReturn <= -1) return null;
  return (1 + totalReturn) ** (365 / days) - 1;
}

/** The geometric mean of returns: (Π(1 + r))^(1/n) − 1; null for none. */
export function geometricMean(returns: readonly number[]): number | null {
  if (returns.length === 0 || returns.some((value) => value <= -1)) return null;
  const logSum = returns.reduce((sum, value) => sum + Math.log1p(value), 0);
  return Math.expm1(logSum / returns.length);
}
