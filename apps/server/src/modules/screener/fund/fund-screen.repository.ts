import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';

/**
 * SQL of the fund screen's once-per-close build: only the stored NAV years the figures use (a fund's
 * whole history, parsed, cost ~28 ms a fund: five minutes over the full universe), and every
 * fund's latest units in one read.
 */
export function createFundScreenRepository(db: Kysely<Database>) {
  return {
    /**
     * A fund's NAV rows of its first stored year (成立来 starts at its first NAV) and of every year
     * from `fromYear` on (the periods up to 近3年 and the 近1年 risk figures), oldest first. Both
     * reads go by the primary key (code, kind, year): the years between are neither read nor parsed.
     */
    async readNavRows(code: string, fromYear: number): Promise<unknown[][]> {
      const first = await db
        .selectFrom('daily_series')
        .select(['year', 'rows'])
        .where('code', '=', code)
        .where('kind', '=', 'nav')
        .orderBy('year')
        .limit(1)
        .executeTakeFirst();
      const recent = await db
        .selectFrom('daily_series')
        .select(['year', 'rows'])
        .where('code', '=', code)
        .where('kind', '=', 'nav')
        .where('year', '>=', fromYear)
        .orderBy('year')
        .execute();
      const years = first && first.year < fromYear ? [first, ...recent] : recent;
      return years.flatMap((year) => JSON.parse(year.rows) as unknown[][]);
    },

    /** The latest units outstanding of every instrument with a share change. */
    async readLatestUnits(): Promise<Map<string, number>> {
      const rows = await db
        .selectFrom('share_changes')
        .select(['code', 'day', 'float_shares'])
        .orderBy('code')
        .orderBy('day')
        .execute();
      // Ordered by day, the last row of a code wins: the latest change, as readShareChanges' last.
      return new Map(rows.map((row) => [row.code, row.float_shares]));
    },
  };
}

export type FundScreenRepository = ReturnType<typeof createFundScreenRepository>;
