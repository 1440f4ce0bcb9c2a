/**
 * Pure NAV rules of the server: reading stored series as NAVs, annualising and averaging returns.
 * The returns themselves (period returns, tenure returns) are @zhicai/domain's fund-returns.ts.
 */
import type { FundNav } from '@zhicai/domain';

export type NavPoint = FundNav;

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
