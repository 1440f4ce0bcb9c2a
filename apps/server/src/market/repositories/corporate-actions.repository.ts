import type { DayNumber, FactorRow } from '@zhicai/domain';
import type { Kysely } from 'kysely';
import { sqliteConnectionOf } from '../../db/database.ts';
import type { Database } from '../../db/schema.ts';
import { type Executor, selectLatestPerGroup, upsertBatches } from './batch-sql.ts';

/** Synchronous reads of each instrument's latest factor and float (latestReader). */
export interface LatestCorporateActionsReader {
  factor(code: string): number | undefined;
  floatShares(code: string): number | undefined;
  allFactors(): Map<string, number>;
  allFloatShares(): Map<string, number>;
}

/**
 * SQL of what corporate actions change in an instrument's series (tables `adjustment_factors` and
 * `share_changes`): the adjustment factor from each ex-date on (protocol.md: 1 on the first day), and
 * the float shares from each change on.
 */
export function createCorporateActionsRepository(db: Kysely<Database>) {
  return {
    /** Factors by code and day; a day already stored takes the new factor. */
    async insertFactors(
      executor: Executor,
      rows: readonly { code: string; day: number; factor: number }[],
    ): Promise<void> {
      await upsertBatches(executor, 'adjustment_factors', rows, ['code', 'day'], ['factor']);
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
      const rows = await selectLatestPerGroup(db, 'adjustment_factors', ['code'], 'day');
      return new Map(rows.map((row) => [row.code, row.factor]));
    },
    /** Float-share changes by code and day; a day already stored takes the new float. */
    async insertShareChanges(
      executor: Executor,
      rows: readonly { code: string; day: number; float_shares: number }[],
    ): Promise<void> {
      await upsertBatches(executor, 'share_changes', rows, ['code', 'day'], ['float_shares']);
    },
    /** Each instrument's float shares on its latest share-change day (bonus issues included). */
    async readLatestShareChanges(): Promise<Map<string, number>> {
      const rows = await selectLatestPerGroup(db, 'share_changes', ['code'], 'day');
      return new Map(rows.map((row) => [row.code, row.float_shares]));
    },
    /**
     * Synchronous reads of the latest factor and float, one instrument's or all of them: on SQLite,
     * whose reads are synchronous, so a restart reads them for the quotes it is asked for before
     * its first answer and the rest after it (quote-engine.ts); null on PostgreSQL.
     */
    latestReader(): LatestCorporateActionsReader | null {
      const sqlite = sqliteConnectionOf(db);
      if (!sqlite) return null;
      const one = (table: 'adjustment_factors' | 'share_changes', column: 'factor' | 'float_shares') =>
        sqlite
          .prepare<[string], number>(
            `select ${column} from ${table} where code = ? order by day desc limit 1`,
          )
          .pluck();
      // SQLite takes a bare column beside max() from the row holding the maximum.
      const all = (table: 'adjustment_factors' | 'share_changes', column: 'factor' | 'float_shares') =>
        sqlite
          .prepare<[], [string, number]>(`select code, ${column}, max(day) from ${table} group by code`)
          .raw();
      const factor = one('adjustment_factors', 'factor');
      const floatShares = one('share_changes', 'float_shares');
      const factors = all('adjustment_factors', 'factor');
      const floats = all('share_changes', 'float_shares');
      return {
        factor: (code) => factor.get(code),
        floatShares: (code) => floatShares.get(code),
        allFactors: () => byCode(factors.all()),
        allFloatShares: () => byCode(floats.all()),
      };
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
  };
}

export type CorporateActionsRepository = ReturnType<typeof createCorporateActionsRepository>;

/**
 * [code, value] rows by code. A loop reading each row by position: a restart's warm-up runs this
 * once over ~20,000 rows before V8 optimizes it, where a destructuring map callback walks every
 * row through the iterator protocol and makes a pair array more per row.
 */
function byCode(rows: readonly [string, number][]): Map<string, number> {
  const values = new Map<string, number>();
  for (const row of rows) values.set(row[0], row[1]);
  return values;
}
