import type { DayBarRow, DayNumber, FactorRow } from '@zhicai/domain';
import type { Insertable, Kysely, Transaction } from 'kysely';
import type {
  Database,
  FundamentalsTable,
  FundHoldingsTable,
  FundManagersTable,
  FundManagerTermsTable,
  IndexMembersTable,
  InstrumentsTable,
  StockEventsTable,
} from '../db/schema.ts';

/** SQL of the market: the instrument master, memberships, daily series and reference tables. */

type Executor = Kysely<Database> | Transaction<Database>;
export type SeriesKind = 'day' | 'nav';

// Well under SQLite's 32,766 and PostgreSQL's 65,535 bound parameters per statement.
const batchRows = 400;

async function insertBatches<T extends keyof Database & string>(
  db: Executor,
  table: T,
  rows: readonly Insertable<Database[T]>[],
): Promise<void> {
  for (let start = 0; start < rows.length; start += batchRows) {
    const batch = rows.slice(start, start + batchRows);
    // Kysely cannot relate a generic table name to its row type; the signature above checks the rows.
    await db
      .insertInto(table)
      .values(batch as never)
      .execute();
  }
}

/**
 * Inserts rows; a row whose key is already stored takes the new values of `update` instead (the
 * same `on conflict … do update` on SQLite and PostgreSQL), so re-imports and roll-forwards agree.
 */
async function upsertBatches<T extends keyof Database & string>(
  db: Executor,
  table: T,
  rows: readonly Insertable<Database[T]>[],
  key: readonly (keyof Database[T] & string)[],
  update: readonly (keyof Database[T] & string)[],
): Promise<void> {
  for (let start = 0; start < rows.length; start += batchRows) {
    const batch = rows.slice(start, start + batchRows);
    // As above, the generic table name defeats Kysely's column types; the signature checks them.
    await db
      .insertInto(table)
      .values(batch as never)
      .onConflict((conflict) =>
        conflict
          .columns(key as never)
          .doUpdateSet(
            (eb) =>
              Object.fromEntries(
                update.map((column) => [column, eb.ref(`excluded.${column}` as never)]),
              ) as never,
          ),
      )
      .execute();
  }
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

export interface MarketTables {
  instruments: Insertable<InstrumentsTable>[];
  indexMembers: Insertable<IndexMembersTable>[];
  holdings: Insertable<FundHoldingsTable>[];
  fundamentals: Insertable<FundamentalsTable>[];
  events: Insertable<StockEventsTable>[];
  managers: Insertable<FundManagersTable>[];
  managerTerms: Insertable<FundManagerTermsTable>[];
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

function latestRowOf(entry: {
  code: string;
  kind: SeriesKind;
  year: number;
  rows: readonly (readonly unknown[])[];
}): LatestSeriesRow {
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
  return (JSON.parse(value) as LatestRowEntry[]).map(([code, kind, year, lastRow, previousRow]) => ({
    code,
    kind,
    year,
    lastRow,
    previousRow,
  }));
}

async function readLatestYears(
  executor: Executor,
): Promise<{ code: string; kind: SeriesKind; year: number; rows: unknown[][] }[]> {
  const latest = executor
    .selectFrom('daily_series')
    .select(['code', 'kind'])
    .select((eb) => eb.fn.max('year').as('year'))
    .groupBy(['code', 'kind'])
    .as('latest');
  const rows = await executor
    .selectFrom('daily_series')
    .innerJoin(latest, (join) =>
      join
        .onRef('latest.code', '=', 'daily_series.code')
        .onRef('latest.kind', '=', 'daily_series.kind')
        .onRef('latest.year', '=', 'daily_series.year'),
    )
    .select(['daily_series.code', 'daily_series.kind', 'daily_series.year', 'daily_series.rows'])
    .execute();
  return rows.map((row) => ({
    code: row.code,
    kind: row.kind,
    year: row.year,
    rows: JSON.parse(row.rows) as unknown[][],
  }));
}

async function readMetaWith(executor: Executor, key: string): Promise<string | null> {
  const row = await executor
    .selectFrom('market_meta')
    .select('value')
    .where('key', '=', key)
    .executeTakeFirst();
  return row?.value ?? null;
}

/**
 * Brings the stored latest rows up to date with years being written: a year at or after a series'
 * latest stored year becomes its latest. Without a stored value, the entries can stand for the
 * whole table only when it was empty before (the first generation or import); otherwise the value
 * stays absent and the next readLatestRows rebuilds it from the table.
 */
async function updateLatestRows(
  executor: Executor,
  entries: readonly { code: string; kind: SeriesKind; year: number; rows: readonly (readonly unknown[])[] }[],
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

export function createMarketRepository(db: Kysely<Database>) {
  return {
    db,
    async instrumentCount(): Promise<number> {
      const row = await db
        .selectFrom('instruments')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .executeTakeFirst();
      return Number(row?.count ?? 0);
    },
    readMeta(key: string): Promise<string | null> {
      return readMetaWith(db, key);
    },
    async writeMeta(executor: Executor, key: string, value: string): Promise<void> {
      await executor
        .insertInto('market_meta')
        .values({ key, value })
        .onConflict((conflict) => conflict.column('key').doUpdateSet({ value }))
        .execute();
    },
    transaction<T>(work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
      return db.transaction().execute(work);
    },
    async insertTables(executor: Executor, tables: MarketTables): Promise<void> {
      await insertBatches(executor, 'instruments', tables.instruments);
      await insertBatches(executor, 'index_members', tables.indexMembers);
      await insertBatches(executor, 'fund_holdings', tables.holdings);
      await insertBatches(executor, 'fundamentals', tables.fundamentals);
      await insertBatches(executor, 'stock_events', tables.events);
      await insertBatches(executor, 'fund_managers', tables.managers);
      await insertBatches(executor, 'fund_manager_terms', tables.managerTerms);
    },
    /**
     * Writes whole years of series; a year already stored is replaced by the merged rows. The
     * latest rows (readLatestRows) are updated in the same executor, so with a transaction they
     * commit or roll back together with the years.
     */
    async writeSeries(
      executor: Executor,
      entries: readonly {
        code: string;
        kind: SeriesKind;
        year: number;
        rows: readonly (readonly unknown[])[];
      }[],
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
      await updateLatestRows(executor, entries, anyStored === undefined);
    },
    /** Factors by code and day; a day already stored takes the new factor. */
    async insertFactors(
      executor: Executor,
      rows: readonly { code: string; day: number; factor: number }[],
    ): Promise<void> {
      await upsertBatches(executor, 'adjustment_factors', rows, ['code', 'day'], ['factor']);
    },
    /** Float-share changes by code and day; a day already stored takes the new float. */
    async insertShareChanges(
      executor: Executor,
      rows: readonly { code: string; day: number; float_shares: number }[],
    ): Promise<void> {
      await upsertBatches(executor, 'share_changes', rows, ['code', 'day'], ['float_shares']);
    },
    /** Adds or updates instruments by code; a stored instrument keeps its profile document. */
    async upsertInstruments(
      executor: Executor,
      rows: readonly Omit<Insertable<InstrumentsTable>, 'profile'>[],
    ): Promise<void> {
      await upsertBatches(
        executor,
        'instruments',
        rows.map((row) => ({ ...row, profile: '{}' })),
        ['code'],
        [
          'name',
          'type',
          'board',
          'industry',
          'listing_day',
          'total_shares',
          'float_shares',
          'pinyin_initials',
          'pinyin',
          'is_st',
        ],
      );
    },
    async updateProfiles(
      executor: Executor,
      rows: readonly { code: string; profile: string }[],
    ): Promise<void> {
      for (const row of rows)
        await executor
          .updateTable('instruments')
          .set({ profile: row.profile })
          .where('code', '=', row.code)
          .execute();
    },
    /** Replaces the whole constituent list of each index named in `indexCodes`. */
    async replaceIndexMembers(
      executor: Executor,
      indexCodes: readonly string[],
      rows: readonly Insertable<IndexMembersTable>[],
    ): Promise<void> {
      for (let start = 0; start < indexCodes.length; start += batchRows)
        await executor
          .deleteFrom('index_members')
          .where('index_code', 'in', indexCodes.slice(start, start + batchRows))
          .execute();
      await insertBatches(executor, 'index_members', rows);
    },
    /** Replaces the whole holdings list of each fund named in `fundCodes`. */
    async replaceHoldings(
      executor: Executor,
      fundCodes: readonly string[],
      rows: readonly Insertable<FundHoldingsTable>[],
    ): Promise<void> {
      for (let start = 0; start < fundCodes.length; start += batchRows)
        await executor
          .deleteFrom('fund_holdings')
          .where('fund_code', 'in', fundCodes.slice(start, start + batchRows))
          .execute();
      await insertBatches(executor, 'fund_holdings', rows);
    },
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
      return years
        .reverse()
        .flatMap((year) => JSON.parse(year.rows) as unknown[][])
        .slice(-count);
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
    async readLatestRows(): Promise<LatestSeriesRow[]> {
      const stored = await readMetaWith(db, latestRowsKey);
      if (stored !== null) return decodeLatestRows(stored);
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
    async readFactors(code: string): Promise<FactorRow[]> {
      const rows = await db
        .selectFrom('adjustment_factors')
        .select(['day', 'factor'])
        .where('code', '=', code)
        .orderBy('day')
        .execute();
      return rows.map((row) => [row.day, row.factor]);
    },
    /** Each instrument's factor on its latest factor day. */
    async readLatestFactors(): Promise<Map<string, number>> {
      const latestDay = db
        .selectFrom('adjustment_factors')
        .select('code')
        .select((eb) => eb.fn.max('day').as('day'))
        .groupBy('code')
        .as('latest');
      const rows = await db
        .selectFrom('adjustment_factors')
        .innerJoin(latestDay, (join) =>
          join
            .onRef('latest.code', '=', 'adjustment_factors.code')
            .onRef('latest.day', '=', 'adjustment_factors.day'),
        )
        .select(['adjustment_factors.code', 'adjustment_factors.factor'])
        .orderBy('adjustment_factors.code')
        .execute();
      return new Map(rows.map((row) => [row.code, row.factor]));
    },
    async readShareChanges(code: string): Promise<[DayNumber, number][]> {
      const rows = await db
        .selectFrom('share_changes')
        .select(['day', 'float_shares'])
        .where('code', '=', code)
        .orderBy('day')
        .execute();
      return rows.map((row) => [row.day, row.float_shares]);
    },
    listInstruments() {
      return db.selectFrom('instruments').selectAll().orderBy('code').execute();
    },
    listIndexMembers() {
      return db.selectFrom('index_members').selectAll().execute();
    },
    listHoldings(fundCode: string) {
      return db
        .selectFrom('fund_holdings')
        .selectAll()
        .where('fund_code', '=', fundCode)
        .orderBy('weight', 'desc')
        .execute();
    },
    listAllHoldings() {
      return db.selectFrom('fund_holdings').selectAll().execute();
    },
    listFundamentals(code: string) {
      return db.selectFrom('fundamentals').selectAll().where('code', '=', code).orderBy('period').execute();
    },
    /**
     * The latest report of every stock (PE, PB and comparisons read these from memory): only those
     * rows are read, through the (code, period) key, not every stored period.
     */
    async latestFundamentals() {
      const latestPeriod = db
        .selectFrom('fundamentals')
        .select('code')
        .select((eb) => eb.fn.max('period').as('period'))
        .groupBy('code')
        .as('latest');
      const rows = await db
        .selectFrom('fundamentals')
        .innerJoin(latestPeriod, (join) =>
          join
            .onRef('latest.code', '=', 'fundamentals.code')
            .onRef('latest.period', '=', 'fundamentals.period'),
        )
        .selectAll('fundamentals')
        .orderBy('fundamentals.code')
        .execute();
      return new Map(rows.map((row) => [row.code, row]));
    },
    listEvents(code: string, limit: number) {
      return db
        .selectFrom('stock_events')
        .selectAll()
        .where('code', '=', code)
        .orderBy('day', 'desc')
        .limit(limit)
        .execute();
    },
    findManager(id: string) {
      return db.selectFrom('fund_managers').selectAll().where('id', '=', id).executeTakeFirst();
    },
    listManagers() {
      return db.selectFrom('fund_managers').selectAll().orderBy('id').execute();
    },
    listTermsOfFund(fundCode: string) {
      return db
        .selectFrom('fund_manager_terms')
        .innerJoin('fund_managers', 'fund_managers.id', 'fund_manager_terms.manager_id')
        .select(['fund_managers.id', 'fund_managers.name', 'fund_manager_terms.start_day'])
        .where('fund_manager_terms.fund_code', '=', fundCode)
        .orderBy('fund_manager_terms.start_day')
        .execute();
    },
    listTermsOfManager(managerId: string) {
      return db
        .selectFrom('fund_manager_terms')
        .selectAll()
        .where('manager_id', '=', managerId)
        .orderBy('start_day')
        .execute();
    },
    listAllTerms() {
      return db.selectFrom('fund_manager_terms').selectAll().execute();
    },
  };
}

export type MarketRepository = ReturnType<typeof createMarketRepository>;
export type StoredBarRow = DayBarRow;
