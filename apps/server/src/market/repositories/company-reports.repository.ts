import type { Insertable, Kysely } from 'kysely';
import type { Database, FundamentalsTable, StockEventsTable } from '../../db/schema.ts';
import { type Executor, insertBatches, selectLatestPerGroup } from './batch-sql.ts';

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
