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
import { dayKeyHash, hashString, mulberry32 } from './prng.ts';

/** The premium (fraction of NAV) never leaves ±1.5%: past that, arbitrage would close the gap. */
export const maxLofPremium = 0.015;

// AR(1) on calendar days, truncated where the weight is below 1%: premium(d) = Σ φ^k ε(d − k).
// φ = 0.85 a day gives a half-life of about four days; ε's scale gives a typical premium of ±0.5%.
const persistence = 0.85;
const lags = 28;
const shockScale = 0.0026;

function normal(seed: number, code: string, day: DayNumber): number {
  const random = mulberry32(dayKeyHash(seed, 'lof-premium', code, day));
  const u = Math.max(random(), 1e-12);
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
}

/**
 * The listing's premium over the NAV on a day, a fraction within ±maxLofPremium. A pure function of
 * (seed, listing code, day), so history, the live session and a restart all agree without state.
 */
export function lofPremium(seed: number, code: string, day: DayNumber): number {
  return lofPremiums(seed, code, [day])[0] ?? 0;
}

/**
 * lofPremium of each of `days` (ascending). Each calendar day's shock is drawn once and shared by
 * the days whose lags reach it, rather than drawn again for each of a day's 28 lags: a listing's
 * whole history (a first start writes hundreds) then costs a draw per calendar day. The sums run in
 * the same order with the same weights, so every premium is the one lofPremium gives alone.
 */
export function lofPremiums(seed: number, code: string, days: readonly DayNumber[]): Float64Array {
  const premiums = new Float64Array(days.length);
  const first = days[0];
  const last = days.at(-1);
  if (first === undefined || last === undefined) return premiums;
  // Each listing has its usual level: some LOFs trade at a steady small premium, others a discount.
  const bias = (mulberry32(hashString(`${seed}|lof-premium|${code}`))() * 2 - 1) * 0.003;
  const calendar = calendarDays(addCalendarDays(first, -(lags - 1)), last);
  const shocks = calendar.map((day) => normal(seed, code, day));
  let at = 0;
  days.forEach((day, i) => {
    while (at < calendar.length && calendar[at] !== day) at += 1;
    let wander = 0;
    let weight = 1;
    for (let lag = 0; lag < lags; lag += 1) {
      wander += weight * (shocks[at - lag] ?? 0);
      weight *= persistence;
    }
    // tanh keeps the premium inside the band while leaving small values almost untouched.
    premiums[i] = maxLofPremium * Math.tanh((bias + wander * shockScale) / maxLofPremium);
  });
  return premiums;
}

/** Every calendar day from `from` through `to`, both included. */
function calendarDays(from: DayNumber, to: DayNumber): DayNumber[] {
  const days: DayNumber[] = [];
  for (let day = from; day <= to; day = addCalendarDays(day, 1)) days.push(day);
  return days;
}

/** The close the listing aims for on a day: NAV × (1 + premium), in 0.001 yuan steps. */
function targetClose(nav: number, premium: number): number {
  return roundToTick(nav * (1 + premium), 0.001);
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
    targetClose(nav, lofPremium(seed, profile.code, day)),
    withPath,
  );
}

/** The cash a fund paid per unit on a NAV row's day: the rise of accumulated over unit NAV. */
export function distributionOn(row: NavRow, previous: NavRow | null): number {
  if (!previous) return 0;
  const cash = row[2] - row[1] - (previous[2] - previous[1]);
  return cash > 0.00005 ? Math.round(cash * 10_000) / 10_000 : 0;
}

/**
 * The listing's previous close on a day its fund pays out: yesterday's close less the cash, as the
 * exchange sets an ex-dividend reference price (at least one tick).
 */
export function exDividendClose(prevClose: number, cash: number): number {
  return cash > 0 ? Math.max(0.001, roundToTick(prevClose - cash, 0.001)) : prevClose;
}

/**
 * Daily bars of the listing for the NAV rows given (ascending), continuing from `prevClose`;
 * `previous` is the fund's NAV row before the first. On a payout day the listing goes ex-dividend
 * with its fund: its previous close drops by the cash and its adjustment factor steps by
 * close ÷ adjusted close (reference/protocol.md); `factorSteps` lists those ratios by day.
 */
export function lofBars(
  seed: number,
  profile: PriceProfile,
  navRows: readonly NavRow[],
  prevClose: number,
  previous: NavRow | null = null,
): { rows: DayBarRow[]; lastClose: number; factorSteps: [DayNumber, number][] } {
  const rows: DayBarRow[] = [];
  const factorSteps: [DayNumber, number][] = [];
  const premiums = lofPremiums(
    seed,
    profile.code,
    navRows.map(([day]) => day),
  );
  let close = prevClose;
  let before = previous;
  for (const [i, row] of navRows.entries()) {
    const [day, nav] = row;
    const adjusted = exDividendClose(close, distributionOn(row, before));
    if (adjusted !== close) factorSteps.push([day, close / adjusted]);
    const session = sessionToClose(profile, seed, day, adjusted, targetClose(nav, premiums[i] ?? 0), false);
    rows.push(barRow(session));
    close = session.close;
    before = row;
  }
  return { rows, lastClose: close, factorSteps };
}
