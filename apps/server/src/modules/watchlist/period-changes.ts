import type { Quote } from '@zhicai/contract';
import type { DayBarRow } from '@zhicai/domain';
import type { Instrument } from '../../market/instrument-directory.ts';
import type { Market } from '../../market/market.ts';
import { volumeRatio } from '../stock/handicap.ts';

/**
 * What the watchlist's period columns (5/20/60-day and year-to-date change, 量比) need from the
 * stored history, per instrument and trading day: the products of the daily change factors of the
 * days before today, and the last five days' volumes. Kept in memory until the instrument's trading
 * day moves on, so a list of 500 reads the history once a day, not once a request.
 *
 * A day's factor is close ÷ prevClose. The stored prevClose of an ex-dividend day is the adjusted
 * one, so chaining factors gives a change adjusted for dividends and splits, as the big apps show
 * it; a NAV series chains the accumulated NAV, so a fund's distribution is no fall either.
 */
export interface PeriodReference {
  /** The trading day these products lead up to (exclusive). */
  day: number;
  /** Product of the factors of the last 4, 19 and 59 stored days before `day`. */
  before5: number | null;
  before20: number | null;
  before60: number | null;
  /** Product of the factors of the stored days of `day`'s year before `day`. */
  yearToDate: number;
  /** The last stored rows before `day` with volume, for 量比 (day bars only). */
  recentBars: DayBarRow[];
}

export interface PeriodFigures {
  chg5d: number | null;
  chg20d: number | null;
  chg60d: number | null;
  chgYtd: number | null;
  volumeRatio: number | null;
}

/** Stored rows read per instrument: more than 60 trading days and the whole of a year. */
const ROWS_READ = 400;
/** Instruments whose history is read at once while a list is built. */
const READ_BATCH = 16;

function product(factors: readonly number[], count: number): number | null {
  if (factors.length < count) return null;
  let result = 1;
  for (let index = factors.length - count; index < factors.length; index += 1) result *= factors[index] ?? 1;
  return result;
}

/** Builds the reference of one series for a trading day from its stored rows, oldest first. */
export function periodReference(
  rows: readonly (readonly unknown[])[],
  kind: 'day' | 'nav',
  day: number,
): PeriodReference {
  const factors: number[] = [];
  let yearToDate = 1;
  const yearStart = Math.floor(day / 10000) * 10000;
  const recentBars: DayBarRow[] = [];
  let previousAccum: number | null = null;
  for (const row of rows) {
    const rowDay = row[0];
    if (typeof rowDay !== 'number' || rowDay >= day) continue;
    let factor = 1;
    if (kind === 'nav') {
      const accum = typeof row[2] === 'number' ? row[2] : row[1];
      if (typeof accum === 'number') {
        if (previousAccum !== null && previousAccum > 0) factor = accum / previousAccum;
        previousAccum = accum;
      }
    } else {
      const prevClose = row[1];
      const close = row[5];
      if (typeof prevClose === 'number' && typeof close === 'number' && prevClose > 0)
        factor = close / prevClose;
      if (typeof row[6] === 'number' && row[6] > 0) recentBars.push(row as unknown as DayBarRow);
    }
    factors.push(factor);
    if (rowDay > yearStart) yearToDate *= factor;
  }
  return {
    day,
    before5: product(factors, 4),
    before20: product(factors, 19),
    before60: product(factors, 59),
    yearToDate,
    recentBars: recentBars.slice(-5),
  };
}

/** Today's factor from the live quote: price ÷ previous close; 1 before a first trade. */
function todayFactor(quote: Quote): number | null {
  if (quote.price === null || quote.prevClose === null || quote.prevClose <= 0) return null;
  return quote.price / quote.prevClose;
}

function change(before: number | null, today: number | null): number | null {
  if (before === null || today === null) return null;
  return Number((before * today - 1).toFixed(6));
}

export function periodFigures(
  quote: Quote,
  reference: PeriodReference | undefined,
  instrument: Instrument,
): PeriodFigures {
  const today = todayFactor(quote);
  if (!reference || reference.day !== quote.tradingDay)
    return { chg5d: null, chg20d: null, chg60d: null, chgYtd: null, volumeRatio: null };
  return {
    chg5d: change(reference.before5, today),
    chg20d: change(reference.before20, today),
    chg60d: change(reference.before60, today),
    chgYtd: change(reference.yearToDate, today),
    volumeRatio:
      instrument.series === 'day' && quote.turnoverRate !== null
        ? volumeRatio(quote, reference.recentBars, instrument.market)
        : null,
  };
}

/**
 * The references of the instruments a list shows, read once per instrument and trading day. Reads
 * of one instrument that overlap share one promise.
 */
export function createPeriodReferences(market: Market) {
  const cache = new Map<string, PeriodReference>();
  const reading = new Map<string, Promise<void>>();

  async function read(instrument: Instrument, day: number): Promise<void> {
    const rows = await market.repositories.series.readRecentRows(
      instrument.code,
      instrument.series,
      ROWS_READ,
    );
    cache.set(instrument.code, periodReference(rows, instrument.series, day));
  }

  return {
    /** The references current for each instrument's quote; missing ones are read first. */
    async current(
      wanted: readonly { instrument: Instrument; quote: Quote | undefined }[],
    ): Promise<Map<string, PeriodReference>> {
      const missing: { instrument: Instrument; day: number }[] = [];
      for (const { instrument, quote } of wanted) {
        if (!quote) continue;
        if (cache.get(instrument.code)?.day !== quote.tradingDay)
          missing.push({ instrument, day: quote.tradingDay });
      }
      for (let start = 0; start < missing.length; start += READ_BATCH) {
        await Promise.all(
          missing.slice(start, start + READ_BATCH).map(({ instrument, day }) => {
            const key = `${instrument.code}@${day}`;
            let pending = reading.get(key);
            if (!pending) {
              pending = read(instrument, day).finally(() => reading.delete(key));
              reading.set(key, pending);
            }
            return pending;
          }),
        );
      }
      return cache;
    },
  };
}

export type PeriodReferences = ReturnType<typeof createPeriodReferences>;
