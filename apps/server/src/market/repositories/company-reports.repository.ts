import type { Insertable, Kysely } from 'kysely';
import { sqliteConnectionOf } from '../../db/database.ts';
import type { Database, FundamentalsTable, StockEventsTable } from '../../db/schema.ts';
import { type Executor, insertBatches, selectLatestPerGroup } from './batch-sql.ts';

/** A stock's latest trailing net profit and equity (PE and PB). */
export interface LatestFundamentals {
  netProfitTtm: number;
  equity: number;
}

/** Synchronous reads of each stock's latest fundamentals (latestFundamentalsReader). */
export interface LatestFundamentalsReader {
  read(code: string): LatestFundamentals | undefined;
  readAll(): Map<string, LatestFundamentals>;
}

/**
 * SQL of what listed companies report (tables `fundamentals` and `stock_events`): per period the
 * trailing revenue and profit, equity, margins and holder count; dated events (reports, meetings,
 * unlocks). The full statements have their own repository (statements/statements.repository.ts).
 */
export function createCompanyReportsRepository(db: Kysely<Database>) {
  return {
    /** A stock's reports, oldest period first. */
    listFundamentals(code: string) {
      return db.selectFrom('fundamentals').selectAll().where('code', '=', code).orderBy('period').execute();
    },
    /**
     * The latest report of every stock (PE, PB and comparisons read these from memory): only those
     * rows are read, through the (code, period) key, not every stored period.
     */
    async latestFundamentals() {
      const rows = await selectLatestPerGroup(db, 'fundamentals', ['code'], 'period');
      return new Map(rows.map((row) => [row.code, row]));
    },
    /**
     * Synchronous reads of the latest report's profit and equity, one stock's or all of them: on
     * SQLite (see corporate-actions.repository.ts latestReader); null on PostgreSQL.
     */
    latestFundamentalsReader(): LatestFundamentalsReader | null {
      const sqlite = sqliteConnectionOf(db);
      if (!sqlite) return null;
      const one = sqlite
        .prepare<[string], [number, number]>(
          'select net_profit_ttm, equity from fundamentals where code = ? order by period desc limit 1',
        )
        .raw();
      // SQLite takes bare columns beside max() from the row holding the maximum.
      const all = sqlite
        .prepare<[], [string, number, number]>(
          'select code, net_profit_ttm, equity, max(period) from fundamentals group by code',
        )
        .raw();
      return {
        read(code) {
          const row = one.get(code);
          return row ? { netProfitTtm: row[0], equity: row[1] } : undefined;
        },
        readAll() {
          // By position in a loop (corporate-actions.repository.ts byCode says why).
          const figures = new Map<string, { netProfitTtm: number; equity: number }>();
          for (const row of all.all()) figures.set(row[0], { netProfitTtm: row[1], equity: row[2] });
          return figures;
        },
      };
    },
    async insertFundamentals(
      executor: Executor,
      rows: readonly Insertable<FundamentalsTable>[],
    ): Promise<void> {
      await insertBatches(executor, 'fundamentals', rows);
    },
    /** A stock's latest `limit` events, newest first. */
    listEvents(code: string, limit: number) {
      return db
        .selectFrom('stock_events')
        .selectAll()
        .where('code', '=', code)
        .orderBy('day', 'desc')
        .limit(limit)
        .execute();
    },
    async insertEvents(executor: Executor, rows: readonly Insertable<StockEventsTable>[]): Promise<void> {
      await insertBatches(executor, 'stock_events', rows);
    },
  };
}

export type CompanyReportsRepository = ReturnType<typeof createCompanyReportsRepository>;
