/**
 * The exchange listings of LOFs (161725.SZ for the fund 161725.OF). A listed open-ended fund can be
 * bought on the exchange or subscribed and redeemed at its NAV, so arbitrage keeps its market price
 * close to the NAV: here the close of each day is the fund's NAV for that day times one plus a small
 * premium or discount that wanders and reverts to the fund's usual level. Every draw uses its own
 * keys (`lof-premium`, and `closed-day` in price-model.ts), so the rest of the market is unchanged.
 */
import { addCalendarDays, type DayBarRow, type DayNumber } from '@zhicai/domain';
import type { DaySession } from '../provider.ts';
import { barRow, type NavRow } from './demo-series.ts';
import { type PriceProfile, roundToTick, sessionToClose } from './price-model.ts';
import { hashString, mulberry32 } from './prng.ts';

/** The premium (fraction of NAV) never leaves ±1.5%: past that, arbitrage would close the gap. */
export const maxLofPremium = 0.015;

// AR(1) on calendar days, truncated where the weight is below 1%: premium(d) = Σ φ^k ε(d − k).
// φ = 0.85 a day gives a half-life of about four days; ε's scale gives a typical premium of ±0.5%.
const persistence = 0.85;
const lags = 28;
const shockScale = 0.0026;

function normal(seed: number, code: string, day: DayNumber): number {
  const random = mulberry32(hashString(`${seed}|lof-premium|${code}|${day}`));
  const u = Math.max(random(), 1e-12);
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
}

/**
 * The listing's premium over the NAV on a day, a fraction within ±maxLofPremium. A pure function of
 * (seed, listing code, day), so history, the live session and a restart all agree without state.
 */
export function lofPremium(seed: number, code: string, day: DayNumber): number {
  // Each listing has its usual level: some LOFs trade at a steady small premium, others a discount.
  const bias = (mulberry32(hashString(`${seed}|lof-premium|${code}`))() * 2 - 1) * 0.003;
  let wander = 0;
  let weight = 1;
  for (let lag = 0; lag < lags; lag += 1) {
    wander += weight * normal(seed, code, addCalendarDays(day, -lag));
    weight *= persistence;
  }
  // tanh keeps the premium inside the band while leaving small values almost untouched.
  return maxLofPremium * Math.tanh((bias + wander * shockScale) / maxLofPremium);
}

/** The close the listing aims for on a day: NAV × (1 + premium), in 0.001 yuan steps. */
export function lofTargetClose(seed: number, code: string, day: DayNumber, nav: number): number {
  return roundToTick(nav * (1 + lofPremium(seed, code, day)), 0.001);
}

/** One day of the listing, from its previous close and the fund's NAV of that day. */
export function lofSession(
  seed: number,
  profile: PriceProfile,
  day: DayNumber,
  prevClose: number,
  nav: number,
  withPath: boolean,
): DaySession {
  return sessionToClose(
    profile,
    seed,
    day,
    prevClose,
    lofTargetClose(seed, profile.code, day, nav),
    withPath,
  );
}

/**
 * Daily bars of the listing for the NAV rows given (ascending), continuing from `prevClose`. The
 * listing pays no dividends of its own in this demo, so its adjustment factor stays 1.
 */
export function lofBars(
  seed: number,
  profile: PriceProfile,
  navRows: readonly NavRow[],
  prevClose: number,
): { rows: DayBarRow[]; lastClose: number } {
  const rows: DayBarRow[] = [];
  let close = prevClose;
  for (const [day, nav] of navRows) {
    const session = lofSession(seed, profile, day, close, nav, false);
    rows.push(barRow(session));
    close = session.close;
  }
  return { rows, lastClose: close };
}
