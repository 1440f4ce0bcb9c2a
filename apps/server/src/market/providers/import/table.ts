import { type DayNumber, isTradingDay, type TradingMarket } from '@zhicai/domain';
import { z } from 'zod';
import { CsvSyntaxError, parseCsv } from './csv.ts';
import type { ImportProblem } from './import-problem.ts';

/**
 * Reading a CSV file into validated rows: the header names the columns (any order, case-insensitive),
 * each row is checked with a zod object whose keys are the column names, and every problem carries
 * the file, line and column. Empty cells are absent values, so `.optional()` columns may be left blank.
 */

export interface TableRow<T> {
  line: number;
  value: T;
}

export interface Table<T> {
  rows: TableRow<T>[];
  problems: ImportProblem[];
  columns: string[];
}

export type Shape = Record<string, z.ZodType>;

export interface TableOptions {
  /** Columns that may be missing from the header because the caller supplies them (bars/<code>.csv). */
  implied?: Record<string, string>;
}

export function readTable<S extends Shape>(
  file: string,
  text: string,
  shape: S,
  options: TableOptions = {},
): Table<z.output<z.ZodObject<S>>> {
  const problems: ImportProblem[] = [];
  let records: ReturnType<typeof parseCsv>;
  try {
    records = parseCsv(text);
  } catch (error) {
    if (error instanceof CsvSyntaxError) {
      return { rows: [], columns: [], problems: [{ file, line: error.line, message: error.message }] };
    }
    throw error;
  }
  const [header, ...body] = records;
  if (!header) return { rows: [], columns: [], problems: [{ file, line: 0, message: 'the file is empty' }] };

  const known = Object.keys(shape);
  const columns = header.fields.map((name) => name.trim().toLowerCase());
  columns.forEach((name, index) => {
    if (!known.includes(name))
      problems.push({
        file,
        line: header.line,
        message: `unknown column "${header.fields[index]}" (known: ${known.join(', ')})`,
      });
    else if (columns.indexOf(name) !== index)
      problems.push({ file, line: header.line, message: `column "${name}" appears twice` });
  });
  const implied = options.implied ?? {};
  for (const name of known) {
    const required = !(shape[name] as z.ZodType).safeParse(undefined).success;
    if (required && !columns.includes(name) && !(name in implied))
      problems.push({ file, line: header.line, message: `missing column "${name}"` });
  }
  if (problems.length > 0) return { rows: [], columns, problems };

  const schema = z.object(shape);
  const rows: TableRow<z.output<z.ZodObject<S>>>[] = [];
  for (const record of body) {
    if (record.fields.length !== columns.length) {
      problems.push({
        file,
        line: record.line,
        message: `${record.fields.length} fields where the header has ${columns.length}`,
      });
      continue;
    }
    const cells: Record<string, string | undefined> = { ...implied };
    columns.forEach((name, index) => {
      const cell = (record.fields[index] ?? '').trim();
      if (cell !== '') cells[name] = cell;
      else if (!(name in implied)) cells[name] = undefined;
    });
    const parsed = schema.safeParse(cells);
    if (parsed.success) {
      rows.push({ line: record.line, value: parsed.data });
      continue;
    }
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] === undefined ? undefined : String(issue.path[0]);
      problems.push({
        file,
        line: record.line,
        ...(field ? { field } : {}),
        message: cellMessage(issue.message, field ? cells[field] : undefined),
      });
    }
  }
  return { rows, columns, problems };
}

function cellMessage(message: string, cell: string | undefined): string {
  return cell === undefined ? message : `${message} (got "${cell}")`;
}

// Column types. Messages read after the column name: `bars.csv:14: high: must be greater than 0`.

const required = { error: 'is required' };

/** A non-empty piece of text. */
export const text = (max = 256) => z.string(required).max(max, `is longer than ${max} characters`);

/** An instrument code as the API spells it, 600519.SH; upper-cased on the way in. */
export const codeCell = z
  .string(required)
  .transform((value) => value.toUpperCase())
  .pipe(
    z
      .string()
      .regex(
        /^[0-9A-Z]{1,10}\.(SH|SZ|BJ|HK|ZSI|WI|HI|CSI|OF)$/,
        'must be a code like 600519.SH (suffix SH, SZ, BJ, HK, ZSI, WI, HI, CSI or OF)',
      ),
  );

const decimalPattern = /^[-+]?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?$/;

/** A plain decimal number: no thousands separators, no units. */
export const numberCell = z
  .string(required)
  .regex(decimalPattern, 'must be a plain number such as 1234.56')
  .transform(Number);

export const positiveCell = numberCell.refine((value) => value > 0, 'must be greater than 0');
export const nonNegativeCell = numberCell.refine((value) => value >= 0, 'must not be negative');
/** A share of a whole as a fraction: 0.05 is 5 %. */
export const fractionCell = numberCell.refine(
  (value) => value > 0 && value <= 1,
  'must be a fraction above 0 and at most 1 (0.05 is 5 %)',
);

/** A calendar date written YYYYMMDD, read as the DayNumber 20261120. */
export const dateCell = z
  .string(required)
  .regex(/^\d{8}$/, 'must be a date written YYYYMMDD, e.g. 20261120')
  .transform(Number)
  .refine(isCalendarDay, 'is not a real calendar date');

export function isCalendarDay(day: DayNumber): boolean {
  const year = Math.floor(day / 10000);
  const month = Math.floor((day % 10000) / 100);
  const date = day % 100;
  const probe = new Date(Date.UTC(year, month - 1, date));
  return (
    year >= 1900 &&
    probe.getUTCFullYear() === year &&
    probe.getUTCMonth() === month - 1 &&
    probe.getUTCDate() === date
  );
}

export const flagCell = z.enum(['0', '1'], { error: 'must be 0 or 1' }).transform((value) => value === '1');

export function tradingDayProblem(market: TradingMarket, day: DayNumber): string | null {
  if (isTradingDay(market, day)) return null;
  return `${day} is not a trading day of the ${market === 'hk' ? 'Hong Kong' : 'mainland'} market (weekend or exchange holiday)`;
}
