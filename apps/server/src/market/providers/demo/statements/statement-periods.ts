import type { DayNumber } from '@zhicai/domain';

/** Published periods kept per company: twelve to browse and four more for year-on-year changes. */
export const demoPeriodCount = 16;

/**
 * The newest period published by `day` (YYYYMMDD), by the statutory deadlines: the annual and Q1
 * reports by April 30, the half-year report by August 31, Q3 by October 31. A period appears the day
 * after its deadline.
 */
export function latestPublishedPeriod(day: DayNumber): number {
  const year = Math.floor(day / 10000);
  const monthDay = day % 10000;
  if (monthDay > 1031) return year * 10000 + 930;
  if (monthDay > 831) return year * 10000 + 630;
  if (monthDay > 430) return year * 10000 + 331;
  return (year - 1) * 10000 + 930;
}

export function previousPeriod(period: number): number {
  const year = Math.floor(period / 10000);
  const monthDay = period % 10000;
  if (monthDay === 1231) return year * 10000 + 930;
  if (monthDay === 930) return year * 10000 + 630;
  if (monthDay === 630) return year * 10000 + 331;
  return (year - 1) * 10000 + 1231;
}

/** `count` periods ending at `latest`, oldest first. */
export function periodsEndingAt(latest: number, count: number = demoPeriodCount): number[] {
  const periods = [latest];
  while (periods.length < count) periods.unshift(previousPeriod(periods[0] ?? latest));
  return periods;
}

/** The quarter a period ends (1–4); cumulative statements cover quarters 1 to this one. */
export const quarterOf = (period: number) => ({ 331: 1, 630: 2, 930: 3, 1231: 4 })[period % 10000] ?? 4;
export const yearOf = (period: number) => Math.floor(period / 10000);
export const yearEnd = (year: number) => year * 10000 + 1231;
