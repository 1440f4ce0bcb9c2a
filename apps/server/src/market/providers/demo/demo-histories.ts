/**
 * The stored history of one demo instrument as the first start generates it. The first start and
 * the background fill (market-fill.ts) both write histories through these functions, so an
 * instrument written minutes later by the fill is exactly what the first start would have written.
 */
import {
  addCalendarDays,
  type DayBarRow,
  type DayNumber,
  type TradingMarket,
  tradingDaysBetween,
} from '@zhicai/domain';
import { groupByYear, type SeriesKind } from '../../repositories/series.repository.ts';
import { etfBars, etfScale, targetLevel } from './demo-indices.ts';
import { fundTerms, startPrice } from './demo-profiles.ts';
import {
  type BarSeries,
  type BarState,
  fundNavHistory,
  generateBars,
  generatePackedBars,
  type NavRow,
} from './demo-series.ts';
import type { DemoInstrument } from './instrument-catalogue.ts';
import { type PriceProfile, roundToTick } from './price-model.ts';

/** Five years of history and a month more, so a 5Y valuation window is full. */
export const historyDays = 5 * 366 + 30;

/** The first day of the stored window of a market generated through `throughCn`. */
export function historyStartOf(throughCn: DayNumber): DayNumber {
  return addCalendarDays(throughCn, -historyDays);
}

export function dayOf(date: string): DayNumber {
  return Number(date.replaceAll('-', ''));
}

export type SeriesEntry = { code: string; kind: SeriesKind; year: number; rows: unknown[][] };
export type FactorEntry = { code: string; day: number; factor: number };
export type ShareEntry = { code: string; day: number; float_shares: number };

/** The trading days an instrument has bars on: from its listing (or the window's start) through `through`. */
export class HistoryWindow {
  private readonly tradingDays: Record<TradingMarket, DayNumber[]>;

  constructor(
    readonly start: DayNumber,
    readonly through: Record<TradingMarket, DayNumber>,
  ) {
    this.tradingDays = {
      cn: tradingDaysBetween('cn', start, through.cn),
      hk: tradingDaysBetween('hk', start, through.hk),
    };
  }

  daysOf(instrument: DemoInstrument, market: TradingMarket): DayNumber[] {
    const first = Math.max(dayOf(instrument.listingDate), this.start);
    const days = this.tradingDays[market];
    // Most instruments listed before the window: the whole list, without filtering it again.
    return first <= this.start ? days : days.filter((day) => day >= first);
  }
}

/** A stock's (or a freely walking instrument's) bars from its start price over `days`. */
export function walkHistory(
  seed: number,
  instrument: DemoInstrument,
  profile: PriceProfile,
  days: readonly DayNumber[],
  windowStart: DayNumber,
): { bars: BarSeries; floatShares: number } {
  const start = walkStart(seed, instrument, profile, days, windowStart);
  return {
    bars: generateBars(seed, instrument, { ...profile }, days, start),
    floatShares: start.floatShares,
  };
}

/** walkHistory's bars packed (packBars' layout) as they are walked. */
export function walkPackedHistory(
  seed: number,
  instrument: DemoInstrument,
  profile: PriceProfile,
  days: readonly DayNumber[],
  windowStart: DayNumber,
): { bars: ReturnType<typeof generatePackedBars>; floatShares: number } {
  const start = walkStart(seed, instrument, profile, days, windowStart);
  return {
    bars: generatePackedBars(seed, instrument, { ...profile }, days, start),
    floatShares: start.floatShares,
  };
}

/** A walk opens the day before its first day, from the instrument's start price and its float. */
function walkStart(
  seed: number,
  instrument: DemoInstrument,
  profile: PriceProfile,
  days: readonly DayNumber[],
  windowStart: DayNumber,
): BarState {
  return {
    lastDay: addCalendarDays(days[0] ?? windowStart, -1),
    lastClose: startPrice(seed, instrument),
    factor: 1,
    floatShares: instrument.floatShares ?? profile.floatShares,
  };
}

/** An ETF's bars over `days`, following its index's stored bars from the index's level at its first day. */
export function trackerHistory(
  seed: number,
  profile: PriceProfile,
  index: DemoInstrument,
  indexRows: readonly DayBarRow[],
  days: readonly DayNumber[],
): DayBarRow[] {
  const scale = etfScale(targetLevel(seed, index));
  const firstIndexRow = indexRows.find((row) => row[0] >= (days[0] ?? 0)) ?? indexRows[0];
  const prevClose = roundToTick(scale * (firstIndexRow?.[1] ?? 1000), 0.001);
  return etfBars(seed, profile, scale, indexRows, days, prevClose);
}

// The mainland trading days from 1990 (or any earlier day asked) through one day: every fund's NAV
// history is a tail of them, and walking the calendar again per fund (thousands at full size) cost
// more than generating the NAVs.
const calendarFloor: DayNumber = 19900101;
let cnCalendar: { from: DayNumber; through: DayNumber; days: DayNumber[] } | null = null;

/** tradingDaysBetween('cn', from, through), cut from one calendar kept per `through`. */
function cnTradingDays(from: DayNumber, through: DayNumber): DayNumber[] {
  if (!cnCalendar || cnCalendar.through !== through || cnCalendar.from > from)
    cnCalendar = {
      from: Math.min(from, calendarFloor),
      through,
      days: tradingDaysBetween('cn', Math.min(from, calendarFloor), through),
    };
  const { days } = cnCalendar;
  let low = 0;
  let high = days.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((days[middle] ?? 0) < from) low = middle + 1;
    else high = middle;
  }
  return days.slice(low);
}

/** A fund's NAVs from its inception (成立日) through `throughCn`, so 成立来 is whole. */
export function fundHistory(
  seed: number,
  fund: DemoInstrument,
  profile: PriceProfile,
  throughCn: DayNumber,
): { rows: NavRow[]; unitNav: number } {
  const navs = fundNavHistory(
    seed,
    profile,
    fundTerms(seed, fund),
    cnTradingDays(dayOf(fund.listingDate), throughCn),
  );
  return { rows: navs.rows, unitNav: navs.state.unitNav };
}

/** A series' stored years. */
export function yearEntries(code: string, kind: SeriesKind, rows: readonly unknown[][]): SeriesEntry[] {
  return [...groupByYear(rows as [DayNumber, ...unknown[]][])].map(([year, list]) => ({
    code,
    kind,
    year,
    rows: list,
  }));
}

/** A series' latest stored year (what its latest rows come from); null without rows. */
export function lastYearEntry(
  code: string,
  kind: SeriesKind,
  rows: readonly unknown[][],
): SeriesEntry | null {
  const last = rows.at(-1) as [DayNumber, ...unknown[]] | undefined;
  if (!last) return null;
  const year = Math.floor(last[0] / 10000);
  let first = rows.length - 1;
  while (first > 0 && Math.floor((rows[first - 1]?.[0] as number) / 10000) === year) first -= 1;
  return { code, kind, year, rows: rows.slice(first) };
}

/**
 * What a day series stores beside its years: factor 1 and the float on its first day (none without
 * bars), then its ex-date steps.
 */
export function corporateActionRows(
  code: string,
  firstDay: DayNumber | undefined,
  steps: Pick<BarSeries, 'factors' | 'shareChanges'>,
  floatShares: number,
): { factors: FactorEntry[]; shares: ShareEntry[] } {
  const factors: FactorEntry[] = [];
  const shares: ShareEntry[] = [];
  // protocol.md: factor 1 on the first day, stepping on ex-dates.
  if (firstDay !== undefined) {
    factors.push({ code, day: firstDay, factor: 1 });
    shares.push({ code, day: firstDay, float_shares: floatShares });
  }
  for (const [day, factor] of steps.factors) factors.push({ code, day, factor });
  for (const [day, floatShares] of steps.shareChanges) shares.push({ code, day, float_shares: floatShares });
  return { factors, shares };
}

/** market_meta key of the stored window's first day, which the background fill generates from. */
export const historyStartKey = 'history_start';
