import type { Insertable, Kysely } from 'kysely';
import { sqliteRawRead } from '../../db/database.ts';
import type { Database, FundHoldingsTable, IndexMembersTable, IndexReviewsTable } from '../../db/schema.ts';
import { batchRows, type Executor, insertBatches } from './batch-sql.ts';

/** An index member as listIndexMembers answers it: index, member, weight, quantity (or null). */
export type IndexMemberRow = [indexCode: string, memberCode: string, weight: number, quantity: number | null];

/**
 * SQL of who holds whom (tables `index_members` and `fund_holdings`): an index's constituents with
 * their weights, a fund's reported holdings.
 */
export function createMembershipsRepository(db: Kysely<Database>) {
  const rawMembers = sqliteRawRead<IndexMemberRow>(
    db,
    'select index_code, member_code, weight, quantity from index_members',
  );
  return {
    /**
     * Every index's members, as arrays of column values: a restart reads all ~30,000 of the full
     * market before its first answer, and on SQLite an array straight from the statement costs half
     * the CPU of a row object.
     */
    async listIndexMembers(): Promise<IndexMemberRow[]> {
      if (rawMembers) return rawMembers();
      const rows = await db.selectFrom('index_members').selectAll().execute();
      return rows.map((row) => [row.index_code, row.member_code, row.weight, row.quantity]);
    },
    async insertIndexMembers(
      executor: Executor,
      rows: readonly Insertable<IndexMembersTable>[],
    ): Promise<void> {
      await insertBatches(executor, 'index_members', rows);
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
    /** An index's reviews (members from each review day on), oldest first. */
    async listIndexReviews(indexCode: string): Promise<{ fromDay: number; members: [string, number][] }[]> {
      const rows = await db
        .selectFrom('index_reviews')
        .selectAll()
        .where('index_code', '=', indexCode)
        .orderBy('from_day')
        .execute();
      return rows.map((row) => ({
        fromDay: row.from_day,
        members: JSON.parse(row.members) as [string, number][],
      }));
    },
    async insertIndexReviews(
      executor: Executor,
      rows: readonly Insertable<IndexReviewsTable>[],
    ): Promise<void> {
      await insertBatches(executor, 'index_reviews', rows);
    },
    /** A fund's holdings, largest weight first. */
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
    async insertHoldings(executor: Executor, rows: readonly Insertable<FundHoldingsTable>[]): Promise<void> {
      await insertBatches(executor, 'fund_holdings', rows);
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
  };
}

export type MembershipsRepository = ReturnType<typeof createMembershipsRepository>;
