import type { DayNumber } from '@zhicai/domain';

export interface LatestDaysCache<T> {
  get(day: DayNumber, key: string): T | undefined;
  set(day: DayNumber, key: string, value: T): void;
  /** Forgets every day (what the values were made from has changed). */
  clear(): void;
}

/**
 * Values by day and key that keeps every key of the latest `days` days asked for and drops older
 * days whole. Sized by days, not entries: whatever is asked for on a day (every instrument of the
 * universe on each beat) stays until the days move on.
 */
export function latestDaysCache<T>(days: number): LatestDaysCache<T> {
  const byDay = new Map<DayNumber, Map<string, T>>();
  return {
    get: (day, key) => byDay.get(day)?.get(key),
    set(day, key, value) {
      let values = byDay.get(day);
      if (!values) {
        values = new Map();
        byDay.set(day, values);
        while (byDay.size > days) byDay.delete(Math.min(...byDay.keys()));
      }
      values.set(key, value);
    },
    clear: () => byDay.clear(),
  };
}
