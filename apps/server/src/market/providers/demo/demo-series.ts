/**
 * Daily series of the demo market: trading bars with ex-dividend steps for exchange instruments,
 * NAV histories for funds. Series continue from a state (last close, factor in force, float), which
 * is how a later start rolls the market forward from what the database holds.
 */
import {
  type DayBarRow,
  type DayNumber,
  type FactorRow,
  isTradingDay,
  previousTradingDay,
} from '@zhicai/domain';
import type { DaySession } from '../provider.ts';
import { bonusShareRatio, dividendYield, exDividendAnchor, type FundTerms } from './demo-profiles.ts';
import type { DemoInstrument } from './instrument-catalogue.ts';
import { DayDraws, dailyFactor, generateDay, type PriceProfile, roundToTick } from './price-model.ts';
import { dayKeyHash, hashString, mulberry32 } from './prng.ts';

export interface BarState {
  lastDay: DayNumber;
  /** Raw close of lastDay. */
  lastClose: number;
  /** Back-adjustment factor in force (1 before the first ex-date). */
  factor: number;
  floatShares: number;
}

export interface ExDividendStep {
  /** The day's previous close after the distribution. */
  prevClose: number;
  /** New factor in force from this day. */
  factor: number;
  floatShares: number;
  /** Bonus ratio of the step (0.3 for 10送3), 0 for a cash dividend only. */
  bonus: number;
}

/**
 * Whether `day` is the stock's ex-dividend day this year, and the adjusted previous close if so
 * (reference/protocol.md: at an ex-date the factor ratio = previous close ÷ that day's prevClose).
 */
export function exDividendStep(
  seed: number,
  instrument: DemoInstrument,
  profile: PriceProfile,
  day: DayNumber,
  state: BarState,
): ExDividendStep | null {
  const year = Math.floor(day / 10000);
  const anchor = exDividendAnchor(year);
  if (day < anchor || state.lastDay >= anchor) return null;
  const yieldRate = dividendYield(seed, instrument);
  const bonus = bonusShareRatio(seed, instrument, year);
  if (yieldRate === 0 && bonus === 0) return null;
  const cash = roundToTick(state.lastClose * yieldRate, 0.001);
  const prevClose = roundToTick((state.lastClose - cash) / (1 + bonus), profile.tick);
  if (prevClose <= 0 || prevClose === state.lastClose) return null;
  return {
    prevClose,
    factor: state.factor * (state.lastClose / prevClose),
    floatShares: Math.round(state.floatShares * (1 + bonus)),
    bonus,
  };
}

export interface BarSeries {
  rows: DayBarRow[];
  factors: FactorRow[];
  shareChanges: [DayNumber, number][];
  state: BarState;
}

/** The prevClose a day opens from, after any ex-dividend step, and the state it leaves. */
export function dayStart(
  seed: number,
  instrument: DemoInstrument,
  profile: PriceProfile,
  day: DayNumber,
  state: BarState,
): { prevClose: number; step: ExDividendStep | null } {
  const step = exDividendStep(seed, instrument, profile, day, state);
  return { prevClose: step ? step.prevClose : state.lastClose, step };
}

export function barRow(session: DaySession): DayBarRow {
  if (session.suspended) return [session.day, session.prevClose, null, null, null, null, null, null];
  return [
    session.day,
    session.prevClose,
    session.open,
    session.high,
    session.low,
    session.close,
    session.volume,
    session.amount,
  ];
}

/** Trading bars for `days` (ascending trading days after state.lastDay). */
export function generateBars(
  seed: number,
  instrument: DemoInstrument,
  profile: PriceProfile,
  days: readonly DayNumber[],
  start: BarState,
): BarSeries {
  const rows: DayBarRow[] = [];
  const steps = walkBars(seed, instrument, profile, days, start, (session) => rows.push(barRow(session)));
  return { rows, ...steps };
}

/** Numbers per packed bar: the DayBarRow's day, prevClose, open, high, low, close, volume, amount. */
export const packedWidth = 8;

/**
 * generateBars' bars packed as packBars packs rows (packedWidth numbers a day, NaN where the row has
 * null), written straight into the array: a first start walks ~9 million bars, and a row array per
 * bar lived until packing, long enough for the collector to copy it into the old generation.
 */
export function generatePackedBars(
  seed: number,
  instrument: DemoInstrument,
  profile: PriceProfile,
  days: readonly DayNumber[],
  start: BarState,
): Omit<BarSeries, 'rows'> & { packed: Float64Array } {
  const packed = new Float64Array(days.length * packedWidth);
  let at = 0;
  const steps = walkBars(seed, instrument, profile, days, start, (session) => {
    packed[at] = session.day;
    packed[at + 1] = session.prevClose;
    const traded = !session.suspended;
    packed[at + 2] = traded ? session.open : Number.NaN;
    packed[at + 3] = traded ? session.high : Number.NaN;
    packed[at + 4] = traded ? session.low : Number.NaN;
    packed[at + 5] = traded ? session.close : Number.NaN;
    packed[at + 6] = traded ? session.volume : Number.NaN;
    packed[at + 7] = traded ? session.amount : Number.NaN;
    at += packedWidth;
  });
  return { packed, ...steps };
}

/** The walk both generate: each day's session handed to `onBar` in order, with its ex-date steps. */
function walkBars(
  seed: number,
  instrument: DemoInstrument,
  profile: PriceProfile,
  days: readonly DayNumber[],
  start: BarState,
  onBar: (session: DaySession) => void,
): Omit<BarSeries, 'rows'> {
  const factors: FactorRow[] = [];
  const shareChanges: [DayNumber, number][] = [];
  // One state, updated day by day: the full market generates ~9 million bars at a first start, and
  // an object per bar is garbage the collector then spends seconds on.
  const state: BarState = { ...start };
  profile.floatShares = state.floatShares;
  const draws = new DayDraws(profile, seed);
  for (const day of days) {
    const step = exDividendStep(seed, instrument, profile, day, state);
    const prevClose = step ? step.prevClose : state.lastClose;
    if (step) {
      factors.push([day, Number(step.factor.toFixed(6))]);
      if (step.bonus > 0) {
        shareChanges.push([day, step.floatShares]);
        profile.floatShares = step.floatShares;
      }
      state.factor = step.factor;
      state.floatShares = step.floatShares;
    }
    const session = generateDay(profile, seed, day, prevClose, false, draws);
    onBar(session);
    state.lastDay = day;
    state.lastClose = session.close;
  }
  return { factors, shareChanges, state };
}

/** [day, unit NAV, accumulated NAV]: the accumulated NAV is the unit NAV plus every distribution paid. */
export type NavRow = [DayNumber, number, number];

export interface NavState {
  lastDay: DayNumber;
  unitNav: number;
  /** Accumulated NAV of lastDay: unitNav plus the distributions paid per unit so far. */
  accumNav: number;
}

/** Fund units are issued at par: the NAV of the inception day (成立日) is 1.0000. */
export const parNav = 1;

/** The state a stored NAV row leaves for the next day. */
export function navStateOf(row: readonly [DayNumber, number, number?]): NavState {
  return { lastDay: row[0], unitNav: row[1], accumNav: row[2] ?? row[1] };
}

function round4(value: number): number {
  return Math.round(value * 10_000) / 10_000;
}

/**
 * The cash a fund distributes per unit on a day, 0 on most days. Distributions come once a year at
 * most, on the first NAV day from 15 January (after the annual accounts), from funds whose policy
 * is to pay, and only out of gains: the unit NAV must stand above 1.05, and at most 60% of the gain
 * over par is paid. A pure function of the seed, the fund, the day and the state before it.
 */
export function fundDistribution(
  seed: number,
  code: string,
  day: DayNumber,
  state: NavState,
  unitNav: number,
): number {
  const anchor = Math.floor(day / 10000) * 10000 + 115;
  if (day < anchor || state.lastDay >= anchor || unitNav < 1.05) return 0;
  if (mulberry32(hashString(`${seed}|fund-dividend|${code}`))() < 0.45) return 0;
  const random = mulberry32(dayKeyHash(seed, 'fund-dividend', code, day));
  if (random() < 0.35) return 0;
  return Math.max(0.01, Math.round((unitNav - parNav) * (0.15 + random() * 0.45) * 1000) / 1000);
}

/**
 * A fund's NAV follows its stock share of the market and its theme, plus a little manager skill
 * or luck. One NAV per mainland trading day; on a distribution day the unit NAV drops by the cash
 * paid and the accumulated NAV does not, so the day's return (accumulated change over the previous
 * unit NAV) is the day's move either way.
 */
export function generateNavs(
  seed: number,
  profile: PriceProfile,
  terms: FundTerms,
  days: readonly DayNumber[],
  start: NavState,
): { rows: NavRow[]; state: NavState } {
  const rows: NavRow[] = [];
  let state = start;
  let paid = round4(start.accumNav - start.unitNav);
  for (const day of days) {
    const move = navMove(seed, profile, terms, day);
    const grown = Math.max(0.1, round4(state.unitNav * (1 + move)));
    const cash = fundDistribution(seed, profile.code, day, state, grown);
    const unitNav = round4(grown - cash);
    paid = round4(paid + cash);
    state = { lastDay: day, unitNav, accumNav: round4(unitNav + paid) };
    rows.push([day, unitNav, state.accumNav]);
  }
  return { rows, state };
}

/**
 * A fund's whole NAV history from its inception day (the first of `days`), where it stands at par,
 * so every return and chart of the fund can start at 成立日.
 */
export function fundNavHistory(
  seed: number,
  profile: PriceProfile,
  terms: FundTerms,
  days: readonly DayNumber[],
): { rows: NavRow[]; state: NavState } {
  const [inception, ...rest] = days;
  if (inception === undefined) return { rows: [], state: { lastDay: 0, unitNav: parNav, accumNav: parNav } };
  const start: NavState = { lastDay: inception, unitNav: parNav, accumNav: parNav };
  const later = generateNavs(seed, profile, terms, rest, start);
  return { rows: [[inception, parNav, parNav], ...later.rows], state: later.state };
}

/** A fund's NAV return on a day (a fraction), a pure function of the seed, the fund and the day. */
export function navMove(seed: number, profile: PriceProfile, terms: FundTerms, day: DayNumber): number {
  const random = mulberry32(dayKeyHash(seed, 'nav', profile.code, day));
  const marketMove = dailyFactor(seed, 'market', day);
  const themeMove = profile.industry ? dailyFactor(seed, profile.industry, day) : 0;
  const own = (random() * 2 - 1) * 0.006;
  // The market factor has no drift; this carry stands for what the holdings earn over the years
  // (coupons for a bond fund, about 3% a year; the equity premium too for a stock fund, about 7%),
  // so a fund set up in 2004 has grown as funds have.
  const carry = 0.00012 + 0.00018 * terms.equityShare;
  return terms.equityShare * (profile.beta * marketMove + 0.5 * themeMove) + own + carry;
}

/** The trading day before `day` on the instrument's calendar, or `day` itself if it trades. */
export function latestTradingDayOnOrBefore(market: 'cn' | 'hk', day: DayNumber): DayNumber {
  return isTradingDay(market, day) ? day : previousTradingDay(market, day);
}
