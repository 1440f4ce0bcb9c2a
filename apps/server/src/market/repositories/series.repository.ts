import type { DayNumber } from '@zhicai/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { batchRows, type Executor, selectLatestPerGroup } from './batch-sql.ts';
import { readMetaWith } from './market-meta.repository.ts';

/**
 * SQL of the daily series (table `daily_series`): an instrument's day bars (`day`) or a fund's NAVs
 * (`nav`), stored as one JSON array of rows per calendar year, and the latest rows of every series,
 * which a start reads instead of the latest years.
 */

export type SeriesKind = 'day' | 'nav';

/** One stored year of a series. */
export interface SeriesYear {
  code: string;
  kind: SeriesKind;
  year: number;
  rows: readonly (readonly unknown[])[];
}

/** Rows of one instrument's series, grouped by calendar year as they are stored. */
export function groupByYear<Row extends readonly [DayNumber, ...unknown[]]>(
  rows: readonly Row[],
): Map<number, Row[]> {
  const years = new Map<number, Row[]>();
  for (const row of rows) {
    const year = Math.floor(row[0] / 10000);
    const list = years.get(year);
    if (list) list.push(row);
    else years.set(year, [row]);
  }
  return years;
}

/**
 * The end of one stored series, as the quote engine starts from it: the last row of the series'
 * latest stored year and the row before it in that year (a NAV's previous value).
 */
export interface LatestSeriesRow {
  code: string;
  kind: SeriesKind;
  year: number;
  lastRow: unknown[] | null;
  previousRow: unknown[] | null;
}

/**
 * market_meta key of the latest rows of every series, kept by writeSeries in the same transaction
 * as the years it writes. A start reads this one value instead of parsing the latest year of every
 * series (~600 JSON blobs, the bulk of the start-to-ready budget of 1 s).
 */
export const latestRowsKey = 'latest_rows';

type LatestRowEntry = [
  code: string,
  kind: SeriesKind,
  year: number,
  lastRow: unknown[] | null,
  previousRow: unknown[] | null,
];

function latestRowOf(entry: SeriesYear): LatestSeriesRow {
  return {
    code: entry.code,
    kind: entry.kind,
    year: entry.year,
    lastRow: entry.rows.at(-1)?.slice() ?? null,
    previousRow: entry.rows.at(-2)?.slice() ?? null,
  };
}

function encodeLatestRows(rows: Iterable<LatestSeriesRow>): string {
  const entries: LatestRowEntry[] = [];
  for (const row of rows) entries.push([row.code, row.kind, row.year, row.lastRow, row.previousRow]);
  return JSON.stringify(entries);
}

function decodeLatestRows(value: string): LatestSeriesRow[] {
  // By position, not destructured: a restart decodes ~20,000 entries once, before V8 optimizes
  // this, and unoptimized destructuring walks each entry through the iterator protocol.
  return (JSON.parse(value) as LatestRowEntry[]).map((entry) => ({
    code: entry[0],
    kind: entry[1],
    year: entry[2],
    lastRow: entry[3],
    previousRow: entry[4],
  }));
}

async function readLatestYears(
  executor: Executor,
): Promise<{ code: string; kind: SeriesKind; year: number; rows: unknown[][] }[]> {
  const rows = await selectLatestPerGroup(executor, 'daily_series', ['code', 'kind'], 'year');
  return rows.map((row) => ({
    code: row.code,
    kind: row.kind,
    year: row.year,
    rows: JSON.parse(row.rows) as unknown[][],
  }));
}

/**
 * Brings the stored latest rows up to date with years being written: a year at or after a series'
 * latest stored year becomes its latest. Without a stored value, the entries can stand for the
 * whole table only when it was empty before (the first generation or import); otherwise the value
 * stays absent and the next readLatestRows rebuilds it from the table.
 */
async function updateLatestRows(
  executor: Executor,
  entries: readonly SeriesYear[],
  tableWasEmpty: boolean,
): Promise<void> {
  const stored = await readMetaWith(executor, latestRowsKey);
  if (stored === null && !tableWasEmpty) return;
  const latest = new Map<string, LatestSeriesRow>();
  for (const row of stored === null ? [] : decodeLatestRows(stored))
    latest.set(`${row.code}|${row.kind}`, row);
  for (const entry of entries) {
    const key = `${entry.code}|${entry.kind}`;
    const current = latest.get(key);
    if (!current || entry.year >= current.year) latest.set(key, latestRowOf(entry));
  }
  const value = encodeLatestRows(latest.values());
  await executor
    .insertInto('market_meta')
    .values({ key: latestRowsKey, value })
    .onConflict((conflict) => conflict.column('key').doUpdateSet({ value }))
    .execute();
}

/**
 * The last `count` rows of a series from its latest stored year's JSON and the year's before it:
 * only the tail of the latest year is parsed, and the earlier year only when the latest holds fewer
 * rows. A start reads the last 30 NAVs of hundreds of funds, and parsing their whole years cost more
 * than the query.
 */
function recentRowsOf(latest: string | undefined, earlier: string | undefined, count: number): unknown[][] {
  if (count <= 0 || latest === undefined) return [];
  const rows = lastRowsOfYear(latest, count);
  if (rows.length >= count || earlier === undefined) return rows;
  return [...(JSON.parse(earlier) as unknown[][]), ...rows].slice(-count);
}

/**
 * The last `count` rows of one stored year (at most `count`, fewer when the year holds fewer). Rows
 * are flat arrays of numbers and nulls written by JSON.stringify, so "],[" stands between two rows
 * and nowhere else; text written any other way (spaced) has no such mark and is parsed whole.
 */
export function lastRowsOfYear(json: string, count: number): unknown[][] {
  if (count <= 0) return [];
  let start = json.length;
  for (let found = 0; found < count; found += 1) {
    const boundary = json.lastIndexOf('],[', start - 1);
    if (boundary < 0) return (JSON.parse(json) as unknown[][]).slice(-count);
    start = boundary;
  }
  return JSON.parse(`[${json.slice(start + 2)}`) as unknown[][];
}

export function createSeriesRepository(db: Kysely<Database>) {
  // A start reads the latest rows four times (roll-forward, listings, the live context, the quote
  // engine); at full size the value is megabytes of JSON, so the last decoding is kept while the
  // stored text is the same. Callers only read the rows.
  let decoded: { value: string; rows: readonly LatestSeriesRow[] } | null = null;
  const decodeOnce = (value: string): readonly LatestSeriesRow[] => {
    if (decoded?.value !== value) decoded = { value, rows: decodeLatestRows(value) };
    return decoded.rows;
  };
  return {
    /**
     * Writes whole years of series; a year already stored is replaced by the merged rows. The
     * latest rows (readLatestRows) are updated in the same executor, so with a transaction they
     * commit or roll back together with the years.
     */
    async writeSeries(
      executor: Executor,
      entries: readonly SeriesYear[],
      options: { latestRows?: boolean } = {},
    ): Promise<void> {
      if (entries.length === 0) return;
      const anyStored = await executor.selectFrom('daily_series').select('code').limit(1).executeTakeFirst();
      for (let start = 0; start < entries.length; start += batchRows) {
        const batch = entries.slice(start, start + batchRows);
        await executor
          .insertInto('daily_series')
          .values(
            batch.map((entry) => ({
              code: entry.code,
              kind: entry.kind,
              year: entry.year,
              rows: JSON.stringify(entry.rows),
            })),
          )
          .onConflict((conflict) =>
            conflict
              .columns(['code', 'kind', 'year'])
              .doUpdateSet((eb) => ({ rows: eb.ref('excluded.rows') })),
          )
          .execute();
      }
      // A caller writing many batches whose latest rows are recorded separately (writeLatestRows)
      // skips rewriting the one value of every series' latest rows per batch.
      if (options.latestRows !== false) await updateLatestRows(executor, entries, anyStored === undefined);
    },
    /**
     * Records the latest rows of series whose years are written later (the demo market's background
     * fill): `entries` are each series' latest year, the one its latest rows come from (its last two
     * rows are all that is read of it).
     */
    async writeLatestRows(executor: Executor, entries: readonly SeriesYear[]): Promise<void> {
      if (entries.length === 0) return;
      const anyStored = await executor.selectFrom('daily_series').select('code').limit(1).executeTakeFirst();
      await updateLatestRows(executor, entries, anyStored === undefined);
    },
    /** The codes with at least one stored year of the series kind. */
    async storedSeriesCodes(kind: SeriesKind): Promise<Set<string>> {
      const rows = await db
        .selectFrom('daily_series')
        .select('code')
        .where('kind', '=', kind)
        .distinct()
        .execute();
      return new Set(rows.map((row) => row.code));
    },
    /** Every row of a series, oldest first. */
    async readSeries(code: string, kind: SeriesKind): Promise<unknown[][]> {
      const years = await db
        .selectFrom('daily_series')
        .select('rows')
        .where('code', '=', code)
        .where('kind', '=', kind)
        .orderBy('year')
        .execute();
      return years.flatMap((year) => JSON.parse(year.rows) as unknown[][]);
    },
    /** The last `count` rows of a series (count up to a year's rows: two stored years are read). */
    async readRecentRows(code: string, kind: SeriesKind, count: number): Promise<unknown[][]> {
      const years = await db
        .selectFrom('daily_series')
        .select('rows')
        .where('code', '=', code)
        .where('kind', '=', kind)
        .orderBy('year', 'desc')
        .limit(2)
        .execute();
      return recentRowsOf(years[0]?.rows, years[1]?.rows, count);
    },
    /**
     * The last `count` rows of several series of one kind (count up to a year's rows), by code, read
     * together: a start needs the recent NAVs of hundreds of funds, and one query per fund cost more
     * than its rows. As readRecentRows, two stored years are read (recentRowsOf).
     */
    async readRecentRowsOf(
      codes: readonly string[],
      kind: SeriesKind,
      count: number,
    ): Promise<Map<string, unknown[][]>> {
      const years = new Map<string, { year: number; rows: string }[]>();
      for (let start = 0; start < codes.length; start += batchRows) {
        const stored = await db
          .selectFrom('daily_series as s')
          .select(['s.code', 's.year', 's.rows'])
          .where('s.kind', '=', kind)
          .where('s.code', 'in', codes.slice(start, start + batchRows))
          .where(({ eb, selectFrom }) =>
            eb(
              's.year',
              '>=',
              selectFrom('daily_series as latest')
                .select(({ eb: inner }) => inner(inner.fn.max('latest.year'), '-', 1).as('year'))
                .whereRef('latest.code', '=', 's.code')
                .where('latest.kind', '=', kind),
            ),
          )
          .execute();
        for (const row of stored) {
          const list = years.get(row.code) ?? [];
          list.push({ year: row.year, rows: row.rows });
          years.set(row.code, list);
        }
      }
      const result = new Map<string, unknown[][]>();
      for (const [code, stored] of years) {
        stored.sort((a, b) => b.year - a.year);
        result.set(code, recentRowsOf(stored[0]?.rows, stored[1]?.rows, count));
      }
      return result;
    },
    /** The latest stored year of every instrument's series, for a roll-forward that appends to it. */
    readLatestYears(): Promise<{ code: string; kind: SeriesKind; year: number; rows: unknown[][] }[]> {
      return readLatestYears(db);
    },
    /**
     * The last two rows of every series' latest stored year (what the quote engine starts from),
     * read from the one value writeSeries keeps. A database written before that value existed has
     * it rebuilt here once from the stored years; a writer that got there first wins.
     */
    async readLatestRows(): Promise<readonly LatestSeriesRow[]> {
      const stored = await readMetaWith(db, latestRowsKey);
      if (stored !== null) return decodeOnce(stored);
      return db.transaction().execute(async (trx) => {
        const rows = (await readLatestYears(trx)).map(latestRowOf);
        await trx
          .insertInto('market_meta')
          .values({ key: latestRowsKey, value: encodeLatestRows(rows) })
          .onConflict((conflict) => conflict.column('key').doNothing())
          .execute();
        return rows;
      });
    },
  };
}

export type SeriesRepository = ReturnType<typeof createSeriesRepository>;
