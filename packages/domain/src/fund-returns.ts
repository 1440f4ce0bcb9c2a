/**
 * Fund returns from one NAV series (issue 15 §3): every period return a fund page shows (近1周 …
 * 成立来) and every point of its NAV chart come from here, so the return grid, the chart's last
 * point and the rank lists agree to the basis point. The server computes the grid and cuts the
 * chart's rows with these functions; the client draws the chart's return line with periodReturn.
 */

/** One NAV of a fund on a day (YYYYMMDD). */
export interface FundNav {
  day: number;
  /** Unit NAV (单位净值), yuan per unit. */
  unit: number;
  /** Accumulated NAV (累计净值): the unit NAV plus every distribution paid per unit so far. */
  accum: number;
}

/**
 * The return from one NAV to a later one, as a fraction: the growth of the accumulated NAV over the
 * starting unit NAV (累计净值增长), so a distribution (the unit NAV drops, the accumulated NAV does
 * not) is not read as a loss. From a fund's first NAV at par (1.0000) to today this is 累计净值 − 1.
 */
export function periodReturn(start: FundNav, end: FundNav): number {
  return (end.accum - start.accum) / start.unit;
}

/** The NAV on or before `day` (navs sorted by day); null when the fund is younger than that. */
export function navOnOrBefore<Nav extends FundNav>(navs: readonly Nav[], day: number): Nav | null {
  let low = 0;
  let high = navs.length - 1;
  let found: Nav | null = null;
  while (low <= high) {
    const middle = (low + high) >> 1;
    const nav = navs[middle] as Nav;
    if (nav.day <= day) {
      found = nav;
      low = middle + 1;
    } else {
      high = middle - 1;
    }
  }
  return found;
}

function dayToUtc(day: number): number {
  return Date.UTC(Math.floor(day / 10000), (Math.floor(day / 100) % 100) - 1, day % 100);
}

function utcToDay(utc: number): number {
  const date = new Date(utc);
  return date.getUTCFullYear() * 10000 + (date.getUTCMonth() + 1) * 100 + date.getUTCDate();
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

/**
 * The periods of a fund's returns: the grid's cells (w1 … sinceInception) and the NAV chart's
 * ranges (1M … ALL) are the same periods under two names.
 */
export const fundPeriods = ['w1', 'm1', 'm3', 'm6', 'y1', 'y2', 'y3', 'y5', 'ytd', 'sinceInception'] as const;
export type FundPeriod = (typeof fundPeriods)[number];

/** The chart ranges of navHistory and the period each one draws. */
export const navRangePeriods = {
  '1M': 'm1',
  '3M': 'm3',
  '6M': 'm6',
  '1Y': 'y1',
  '3Y': 'y3',
  '5Y': 'y5',
  ALL: 'sinceInception',
} as const satisfies Record<string, FundPeriod>;
export type NavRangeName = keyof typeof navRangePeriods;

/**
 * The day a period's return is measured from, counted back from the newest NAV's day: the NAV on or
 * before it is the base. 今年来 starts from the last NAV of last year; 成立来 from the first NAV.
 */
export function periodStartDay(period: FundPeriod, lastDay: number): number {
  switch (period) {
    case 'w1':
      return utcToDay(dayToUtc(lastDay) - 7 * 86_400_000);
    case 'm1':
      return monthsBefore(lastDay, 1);
    case 'm3':
      return monthsBefore(lastDay, 3);
    case 'm6':
      return monthsBefore(lastDay, 6);
    case 'y1':
      return monthsBefore(lastDay, 12);
    case 'y2':
      return monthsBefore(lastDay, 24);
    case 'y3':
      return monthsBefore(lastDay, 36);
    case 'y5':
      return monthsBefore(lastDay, 60);
    case 'ytd':
      return (Math.floor(lastDay / 10000) - 1) * 10000 + 1231;
    case 'sinceInception':
      return 0;
  }
}

/**
 * The base NAV of a period: the NAV on or before its start day, the first NAV for 成立来; null when
 * the fund is younger than the period (its grid cell shows --).
 */
export function periodBase<Nav extends FundNav>(navs: readonly Nav[], period: FundPeriod): Nav | null {
  const last = navs.at(-1);
  if (!last) return null;
  if (period === 'sinceInception') return navs[0] ?? null;
  return navOnOrBefore(navs, periodStartDay(period, last.day));
}

/**
 * The NAVs a chart of the period draws: from its base NAV to the newest, so the line's last point is
 * the period's return. A fund younger than the period is drawn from its first NAV (inception).
 */
export function periodNavs<Nav extends FundNav>(navs: readonly Nav[], period: FundPeriod): Nav[] {
  const base = periodBase(navs, period) ?? navs[0];
  if (!base) return [];
  return navs.slice(navs.indexOf(base));
}

/** Rounds a return to 1e-6 (a hundredth of a basis point), the precision the wire carries. */
export function roundReturn(value: number): number {
  return Math.round(value * 1e6) / 1e6;
}

/** Every period's return up to the newest NAV, rounded to 1e-6; null where the fund is too young. */
export function fundPeriodReturns(navs: readonly FundNav[]): Record<FundPeriod, number | null> {
  const last = navs.at(-1);
  const result = {} as Record<FundPeriod, number | null>;
  for (const period of fundPeriods) {
    const base = periodBase(navs, period);
    result[period] = base && last ? roundReturn(periodReturn(base, last)) : null;
  }
  return result;
}
