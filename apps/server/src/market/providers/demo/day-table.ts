/**
 * A number per calendar day, for the caches a first start asks millions of times (the market's and
 * each industry's daily factor, a day's epoch number): a flat array indexed by year, month and day
 * instead of a Map keyed by the day, whose hashing was a tenth of the walks' time. It grows to the
 * years it is asked for; a day never set reads as undefined.
 */
import type { DayNumber } from '@zhicai/domain';

/** Slots per year: 12 months of 31 days, so any valid day has its own slot. */
const slotsPerYear = 12 * 31;

export class DayTable {
  private values = new Float64Array(0);
  private firstYear = 0;

  get(day: DayNumber): number | undefined {
    const value = this.values[this.slot(day)];
    return value === undefined || Number.isNaN(value) ? undefined : value;
  }

  set(day: DayNumber, value: number): void {
    const year = Math.floor(day / 10000);
    if (this.values.length === 0 || year < this.firstYear || this.slot(day) >= this.values.length)
      this.cover(year);
    this.values[this.slot(day)] = value;
  }

  private slot(day: DayNumber): number {
    const year = Math.floor(day / 10000);
    if (year < this.firstYear) return -1;
    return (
      (year - this.firstYear) * slotsPerYear + ((Math.floor(day / 100) % 100) - 1) * 31 + (day % 100) - 1
    );
  }

  /** Widens the table to hold `year`, keeping what it holds. */
  private cover(year: number): void {
    const years = this.values.length / slotsPerYear;
    const first = years === 0 ? year : Math.min(this.firstYear, year);
    const last = years === 0 ? year : Math.max(this.firstYear + years - 1, year);
    const values = new Float64Array((last - first + 1) * slotsPerYear).fill(Number.NaN);
    if (years > 0) values.set(this.values, (this.firstYear - first) * slotsPerYear);
    this.values = values;
    this.firstYear = first;
  }
}
