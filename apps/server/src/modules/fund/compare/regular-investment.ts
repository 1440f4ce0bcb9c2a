/**
 * The 定投计算器's arithmetic (/profitComputer), in one place: a fixed amount bought on a schedule at
 * each purchase day's unit NAV of the fund's real NAV series.
 *
 * Rules (those of fund sales platforms in China):
 * - Schedule: every 7 or 14 calendar days from the start day, or the start's day of the month each
 *   month (the 31st falls on the month's last day). A scheduled day that is not a NAV day (a weekend,
 *   a holiday) buys on the next NAV day; a scheduled day after the end day, or before the fund's first
 *   NAV, buys nothing.
 * - Front-end load by the 外扣法 the CSRC prescribes: net amount = amount ÷ (1 + rate), fee = amount −
 *   net amount, the fee rounded to the fen; units = net amount ÷ unit NAV, rounded to 0.01 unit.
 * - Distributions are reinvested (红利再投资, the default of a 定投 plan): on a day the accumulated NAV
 *   rises above the unit NAV by more than the day before, that gap per unit is paid and bought back
 *   at the day's unit NAV.
 * - The value is the units × the last unit NAV on or before the end day.
 */
import { type FundNav, monthsBefore } from '@zhicai/domain';

export type Frequency = 'weekly' | 'biweekly' | 'monthly';

export interface PlanInput {
  /** The fund's NAVs, oldest first. */
  navs: readonly FundNav[];
  start: number;
  end: number;
  /** Yuan per purchase, the fee included. */
  amount: number;
  frequency: Frequency;
  /** Front-end load as a fraction. */
  feeRate: number;
}

export interface Purchase {
  day: number;
  nav: number;
  amount: number;
  fee: number;
  shares: number;
}

export interface PlanResult {
  firstDay: number;
  lastDay: number;
  invested: number;
  fees: number;
  shares: number;
  finalNav: number;
  value: number;
  profit: number;
  profitRate: number;
  purchases: Purchase[];
  series: [number, number, number][];
}

/** The most points of the invested-versus-value line. */
export const maxSeriesPoints = 400;

const roundTo = (value: number, decimals: number) => {
  const factor = 10 ** decimals;
  // The epsilon keeps 0.125 → 0.13 where binary floating point holds 0.12499999….
  return Math.round((value + Math.sign(value) * 1e-9) * factor) / factor;
};
const fen = (value: number) => roundTo(value, 2);

function addDays(day: number, days: number): number {
  const utc =
    Date.UTC(Math.floor(day / 10000), (Math.floor(day / 100) % 100) - 1, day % 100) + days * 86_400_000;
  const date = new Date(utc);
  return date.getUTCFullYear() * 10000 + (date.getUTCMonth() + 1) * 100 + date.getUTCDate();
}

/** The scheduled days from `start` through `end`, in order. */
export function scheduledDays(start: number, end: number, frequency: Frequency): number[] {
  const days: number[] = [];
  for (let index = 0; ; index += 1) {
    const day =
      frequency === 'monthly'
        ? monthsBefore(start, -index)
        : addDays(start, index * (frequency === 'weekly' ? 7 : 14));
    if (day > end) return days;
    days.push(day);
  }
}

/** The first NAV on or after `day`, from navs sorted by day; its index, or -1. */
function firstIndexOnOrAfter(navs: readonly FundNav[], day: number): number {
  let low = 0;
  let high = navs.length - 1;
  let found = -1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if ((navs[middle] as FundNav).day >= day) {
      found = middle;
      high = middle - 1;
    } else low = middle + 1;
  }
  return found;
}

/** What a plan bought and what it is worth; null when no purchase falls in the range. */
export function simulatePlan(input: PlanInput): PlanResult | null {
  const navs = input.navs;
  const firstNav = navs[0];
  if (!firstNav) return null;
  // Purchases per NAV index: scheduled days map to the next NAV day within the range.
  const buys = new Map<number, number>();
  for (const day of scheduledDays(input.start, input.end, input.frequency)) {
    if (day < firstNav.day) continue;
    const index = firstIndexOnOrAfter(navs, day);
    if (index < 0 || (navs[index] as FundNav).day > input.end) continue;
    buys.set(index, (buys.get(index) ?? 0) + 1);
  }
  const firstIndex = Math.min(...buys.keys());
  if (!Number.isFinite(firstIndex)) return null;
  let lastIndex = firstIndexOnOrAfter(navs, input.end + 1);
  lastIndex = lastIndex < 0 ? navs.length - 1 : lastIndex - 1;

  const fee = input.feeRate > 0 ? fen(input.amount - input.amount / (1 + input.feeRate)) : 0;
  const purchases: Purchase[] = [];
  const points: [number, number, number][] = [];
  let shares = 0;
  let invested = 0;
  let fees = 0;
  for (let index = firstIndex; index <= lastIndex; index += 1) {
    const nav = navs[index] as FundNav;
    const previous = navs[index - 1];
    if (previous && shares > 0) {
      const paid = nav.accum - nav.unit - (previous.accum - previous.unit);
      if (paid > 1e-9) shares = fen(shares + fen((shares * paid) / nav.unit));
    }
    for (let count = buys.get(index) ?? 0; count > 0; count -= 1) {
      const bought = fen((input.amount - fee) / nav.unit);
      purchases.push({ day: nav.day, nav: nav.unit, amount: input.amount, fee, shares: bought });
      shares = fen(shares + bought);
      invested = fen(invested + input.amount);
      fees = fen(fees + fee);
    }
    points.push([nav.day, invested, fen(shares * nav.unit)]);
  }
  const final = navs[lastIndex] as FundNav;
  const value = fen(shares * final.unit);
  const profit = fen(value - invested);
  const step = Math.ceil(points.length / maxSeriesPoints);
  const series = points.filter((_, index) => index % step === 0 || index === points.length - 1);
  return {
    firstDay: purchases[0]?.day ?? final.day,
    lastDay: final.day,
    invested,
    fees,
    shares,
    finalNav: final.unit,
    value,
    profit,
    profitRate: invested > 0 ? roundTo(profit / invested, 6) : 0,
    purchases,
    series,
  };
}
