import { type DayBarRow, type DayNumber, faceValueDelistingDays, faceValueFloor } from '@zhicai/domain';
import type { z } from 'zod';
import { delistingDayOf } from '../../delisting.ts';
import { type KnownInstruments, marketOfType, type ParsedFile, seriesOfType } from './import-context.ts';
import { type ImportProblem, inLineOrder } from './import-problem.ts';
import {
  codeCell,
  dateCell,
  nonNegativeCell,
  positiveCell,
  readTable,
  type Shape,
  type TableOptions,
  type TableRow,
  tradingDayProblem,
} from './table.ts';

/**
 * Dated per-instrument files: daily bars, NAVs, adjustment factors and float-share changes. Either
 * one file with a `code` column (bars.csv) or one file per instrument named by its code with the
 * column left out (bars/600519.SH.csv). Within a file each instrument's dates must be trading days of
 * its market, strictly ascending.
 */

export type NavRow = [DayNumber, number, number];

interface SeriesOptions {
  /** The code of a per-instrument file (bars/600519.SH.csv), when the code column is left out. */
  code?: string | undefined;
}

type Parsed<T> = ParsedFile<Map<string, T[]>> & { problems: ImportProblem[] };

/**
 * The checks every dated file shares: the code is imported and keeps this kind of series, the date is
 * a trading day, and dates of one code ascend. Returns the rows grouped by code.
 */
function groupDated<V extends { code: string; date: DayNumber }, T>(
  file: string,
  rows: readonly TableRow<V>[],
  known: KnownInstruments,
  problems: ImportProblem[],
  expect: { series: 'day' | 'nav'; what: string },
  toRow: (value: V, problem: (field: string, message: string) => void) => T | null,
): Map<string, T[]> {
  const byCode = new Map<string, T[]>();
  const lastDate = new Map<string, { day: DayNumber; line: number }>();
  for (const { line, value } of rows) {
    const problem = (field: string, message: string) => problems.push({ file, line, field, message });
    const instrument = known.get(value.code);
    if (!instrument) {
      problem('code', `${value.code} is not an imported instrument (list it in instruments.csv first)`);
      continue;
    }
    if (seriesOfType(instrument.type) !== expect.series) {
      problem(
        'code',
        expect.series === 'day'
          ? `${value.code} is ${instrument.type}, which publishes NAVs (navs.csv), not ${expect.what}`
          : `${value.code} is ${instrument.type}, which trades daily bars (bars.csv), not ${expect.what}`,
      );
      continue;
    }
    const notTrading = tradingDayProblem(marketOfType(instrument.type), value.date);
    if (notTrading) problem('date', notTrading);
    const previous = lastDate.get(value.code);
    if (previous && value.date <= previous.day)
      problem(
        'date',
        `${value.date} does not come after ${previous.day} (line ${previous.line}); dates of one code must ascend`,
      );
    lastDate.set(value.code, { day: value.date, line });
    const row = toRow(value, problem);
    if (row === null) continue;
    const list = byCode.get(value.code);
    if (list) list.push(row);
    else byCode.set(value.code, [row]);
  }
  return byCode;
}

function implied(options: SeriesOptions) {
  return options.code ? { implied: { code: options.code } } : {};
}

function countRows<T>(byCode: ReadonlyMap<string, readonly T[]>): number {
  let count = 0;
  for (const list of byCode.values()) count += list.length;
  return count;
}

/** Reads one dated file: the table, the shared checks of groupDated, then each row's own. */
function parseDated<S extends Shape, T>(
  file: string,
  text: string,
  known: KnownInstruments,
  table: { columns: S; options?: TableOptions },
  expect: { series: 'day' | 'nav'; what: string },
  toRow: (
    value: z.output<z.ZodObject<S>> & { code: string; date: DayNumber },
    problem: (field: string, message: string) => void,
  ) => T | null,
): Parsed<T> {
  const read = readTable(file, text, table.columns, table.options);
  const problems = [...read.problems];
  const rows = read.rows as TableRow<z.output<z.ZodObject<S>> & { code: string; date: DayNumber }>[];
  const byCode = groupDated(file, rows, known, problems, expect, toRow);
  return {
    rows: byCode,
    count: countRows(byCode),
    codes: byCode.size,
    notes: [],
    problems: inLineOrder(problems),
  };
}

export const barColumns = {
  code: codeCell,
  date: dateCell,
  prev_close: positiveCell,
  open: positiveCell.optional(),
  high: positiveCell.optional(),
  low: positiveCell.optional(),
  close: positiveCell.optional(),
  volume: nonNegativeCell.optional(),
  amount: nonNegativeCell.optional(),
};

/**
 * Daily bars in the dayKV2 row shape: [date, prevClose, open, high, low, close, volume, amount], prices
 * in yuan (HK$ for Hong Kong), volume in shares, amount in yuan. A suspended day leaves open, high,
 * low and close empty and trades nothing.
 */
export function parseBars(
  file: string,
  text: string,
  known: KnownInstruments,
  options: SeriesOptions = {},
): Parsed<DayBarRow> {
  const parsed = parseBarRows(file, text, known, options);
  return { ...parsed, notes: [...parsed.notes, ...delistingNotes(parsed.rows, known)] };
}

/**
 * The face-value delisting rule (面值退市, domain delisting.ts) applied to imported bars: an A-share
 * whose bars close below 1 yuan for 20 consecutive trading days is named in the file's notes with
 * the day it met the rule.
 */
function delistingNotes(rows: ReadonlyMap<string, readonly DayBarRow[]>, known: KnownInstruments): string[] {
  const notes: string[] = [];
  for (const [code, bars] of rows) {
    const day = delistingDayOf(code, known.get(code)?.type, bars);
    if (day !== null)
      notes.push(
        `${code} closed below ${faceValueFloor} yuan for ${faceValueDelistingDays} consecutive trading days: delisted (面值退市) on ${day}`,
      );
  }
  return notes;
}

function parseBarRows(
  file: string,
  text: string,
  known: KnownInstruments,
  options: SeriesOptions,
): Parsed<DayBarRow> {
  return parseDated(
    file,
    text,
    known,
    { columns: barColumns, options: implied(options) },
    { series: 'day', what: 'bars' },
    (bar, problem): DayBarRow | null => {
      const prices = [bar.open, bar.high, bar.low, bar.close];
      const given = prices.filter((price) => price !== undefined).length;
      const volume = bar.volume ?? 0;
      const amount = bar.amount ?? 0;
      if (given === 0) {
        // A suspension: the day exists (its prevClose carries on) but nothing traded.
        if (volume > 0 || amount > 0)
          problem('volume', 'a suspended day (open, high, low and close empty) cannot have volume or amount');
        return [bar.date, bar.prev_close, null, null, null, null, 0, 0];
      }
      if (given < 4) {
        const missing = (['open', 'high', 'low', 'close'] as const).filter((name) => bar[name] === undefined);
        problem(
          missing[0] ?? 'open',
          `is empty; give all of open, high, low and close, or none for a suspended day`,
        );
        return null;
      }
      const open = bar.open as number;
      const high = bar.high as number;
      const low = bar.low as number;
      const close = bar.close as number;
      let valid = true;
      if (high < Math.max(open, close)) {
        problem('high', `${high} is below max(open, close) = ${Math.max(open, close)}`);
        valid = false;
      }
      if (low > Math.min(open, close)) {
        problem('low', `${low} is above min(open, close) = ${Math.min(open, close)}`);
        valid = false;
      }
      if (bar.volume === undefined) {
        problem('volume', 'is required on a trading day (write 0 if nothing traded)');
        valid = false;
      }
      if (bar.amount === undefined) {
        problem('amount', 'is required on a trading day (write 0 if nothing traded)');
        valid = false;
      }
      return valid ? [bar.date, bar.prev_close, open, high, low, close, volume, amount] : null;
    },
  );
}

export const navColumns = {
  code: codeCell,
  date: dateCell,
  unit_nav: positiveCell,
  accumulated_nav: positiveCell.optional(),
};

/** Fund NAVs: [date, unit NAV, accumulated NAV]; the accumulated NAV defaults to the unit NAV. */
export function parseNavs(
  file: string,
  text: string,
  known: KnownInstruments,
  options: SeriesOptions = {},
): Parsed<NavRow> {
  return parseDated(
    file,
    text,
    known,
    { columns: navColumns, options: implied(options) },
    { series: 'nav', what: 'NAVs' },
    (nav, problem): NavRow | null => {
      const accumulated = nav.accumulated_nav ?? nav.unit_nav;
      if (accumulated < nav.unit_nav) {
        // Distributions only ever add to the accumulated NAV.
        problem('accumulated_nav', `${accumulated} is below unit_nav ${nav.unit_nav}`);
        return null;
      }
      return [nav.date, nav.unit_nav, accumulated];
    },
  );
}

export const factorColumns = { code: codeCell, date: dateCell, factor: positiveCell };

/**
 * Back-adjustment factors (复权因子), sparse: a row on the first day (usually 1) and one on each
 * ex-date; back-adjusted price = raw price × the factor in force (protocol.md dayKV2 `factors`).
 */
export function parseFactors(
  file: string,
  text: string,
  known: KnownInstruments,
): Parsed<{ day: DayNumber; factor: number }> {
  return parseDated(
    file,
    text,
    known,
    { columns: factorColumns },
    { series: 'day', what: 'adjustment factors' },
    (row) => ({
      day: row.date,
      factor: row.factor,
    }),
  );
}

export const shareChangeColumns = { code: codeCell, date: dateCell, float_shares: positiveCell };

/** Float-share changes (流通股本变动): the float in shares from that day on (dayKV2 `floatShares`). */
export function parseShareChanges(
  file: string,
  text: string,
  known: KnownInstruments,
): Parsed<{ day: DayNumber; floatShares: number }> {
  return parseDated(
    file,
    text,
    known,
    { columns: shareChangeColumns },
    { series: 'day', what: 'float-share changes' },
    (row) => ({
      day: row.date,
      floatShares: row.float_shares,
    }),
  );
}
