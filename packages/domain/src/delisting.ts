/**
 * The face-value delisting rule (面值退市) of the Shanghai and Shenzhen exchanges: an A-share whose
 * closing price stays below 1 yuan for 20 consecutive trading days is delisted. Days the share is
 * suspended have no close and are not its trading days, so they neither count nor break the run.
 * The Beijing exchange words its own rule differently, and Hong Kong shares, funds and indices have
 * none (hasFaceValueRule).
 */
import type { BadgeMarket } from './market-badge.ts';
import type { DayNumber } from './market-calendar.ts';

/** Whether shares of a board are delisted by this rule: every Shanghai and Shenzhen board. */
export function hasFaceValueRule(board: BadgeMarket): boolean {
  return board === 'sh' || board === 'sz' || board === 'star' || board === 'chinext';
}

/** Below this close (yuan) a day counts towards face-value delisting. */
export const faceValueFloor = 1;

/** Consecutive trading days below the floor that delist a share. */
export const faceValueDelistingDays = 20;

/**
 * The trading day on which a share meets the rule (the 20th consecutive close below 1 yuan), or null
 * if it never does. `bars` are [day, close] in ascending day order; a null close is a suspended day.
 */
export function faceValueDelistingDay(
  bars: Iterable<readonly [day: DayNumber, close: number | null]>,
): DayNumber | null {
  let run = 0;
  for (const [day, close] of bars) {
    if (close === null) continue;
    run = close < faceValueFloor ? run + 1 : 0;
    if (run >= faceValueDelistingDays) return day;
  }
  return null;
}
