/**
 * The 风口 rule (spec 2 §2.2 /tuyereMore), the one place it is written: a plate is "in the wind"
 * when its index has risen over the last five sessions and money is flowing into it.
 *
 * - fiveDayChange: the latest price (the live price during a session) against the close five
 *   sessions before it, − 1.
 * - amountGrowth: the mean amount of the last five finished sessions against the mean of the five
 *   before them, − 1 (finished sessions only, so a half-traded day does not read as a fall).
 * - score = fiveDayChange + amountGrowth ÷ 10: one percent of price gain weighs as much as ten
 *   percent more money traded, so the price trend leads and the amount breaks near ties. A missing
 *   amount growth counts as 0; without a five-day change there is no score.
 */

export const momentumSessions = 5;

/** How much amount growth weighs against the five-day change. */
export const amountGrowthWeight = 0.1;

export interface PlateMomentum {
  fiveDayChange: number | null;
  amountGrowth: number | null;
  score: number | null;
}

function round(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
}

function mean(values: readonly number[]): number {
  return values.reduce((sum, value) => sum + value, 0) / values.length;
}

/**
 * @param closes the plate index's closes, oldest first, ending with the latest price.
 * @param finishedAmounts the amounts of its finished sessions, oldest first.
 */
export function plateMomentum(closes: readonly number[], finishedAmounts: readonly number[]): PlateMomentum {
  const last = closes.at(-1);
  const base = closes.at(-(momentumSessions + 1));
  const fiveDayChange =
    last !== undefined && base !== undefined && base > 0 ? round(last / base - 1, 6) : null;
  const recent = finishedAmounts.slice(-momentumSessions);
  const before = finishedAmounts.slice(-2 * momentumSessions, -momentumSessions);
  const amountGrowth =
    recent.length === momentumSessions && before.length === momentumSessions && mean(before) > 0
      ? round(mean(recent) / mean(before) - 1, 6)
      : null;
  const score =
    fiveDayChange === null ? null : round(fiveDayChange + amountGrowthWeight * (amountGrowth ?? 0), 6);
  return { fiveDayChange, amountGrowth, score };
}

/** Best momentum first; plates without a score last, then by code so the order is stable. */
export function byMomentum<T extends { code: string; momentum: PlateMomentum }>(a: T, b: T): number {
  const left = a.momentum.score ?? -Infinity;
  const right = b.momentum.score ?? -Infinity;
  return right - left || a.code.localeCompare(b.code);
}
