import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';

/**
 * SQL of the fund screen's once-per-close build: only the stored NAV years the figures use (a fund's
 * whole history, parsed, cost ~28 ms a fund: five minutes over the full universe), read a batch of
 * funds at a time, and every fund's latest units in one read.
 */
export function createFundScreenRepository(db: Kysely<Database>) {
  return {
    /**
     * The NAV rows of a batch of funds, by code, oldest first: each fund's first stored year (成立来
     * starts at its first NAV) and every year from `fromYear` on (the periods up to 近3年 and the
     * 近1年 risk figures). Two reads per batch instead of two per fund: at 10,500 funds the per-fund
     * reads were most of the build. The years between are neither read nor parsed.
     */
    async readNavRowsOf(codes: readonly string[], fromYear: number): Promise<Map<string, unknown[][]>> {
      const byCode = new Map<string, unknown[][]>(codes.map((code) => [code, []]));
      if (codes.length === 0) return byCode;
      const firstYears = db
        .selectFrom('daily_series')
        .select(['code'])
        .select((eb) => eb.fn.min('year').as('year'))
        .where('kind', '=', 'nav')
        .where('code', 'in', codes)
        .groupBy('code')
        .as('first');
      const early = await db
        .selectFrom('daily_series as s')
        .innerJoin(firstYears, (join) =>
          join.onRef('first.code', '=', 's.code').onRef('first.year', '=', 's.year'),
        )
        .select(['s.code as code', 's.rows as rows'])
        .where('s.kind', '=', 'nav')
        .where('s.year', '<', fromYear)
        .execute();
      const recent = await db
        .selectFrom('daily_series')
        .select(['code', 'rows'])
        .where('kind', '=', 'nav')
        .where('code', 'in', codes)
        .where('year', '>=', fromYear)
        .orderBy('code')
        .orderBy('year')
        .execute();
      for (const year of [...early, ...recent]) {
        const rows = byCode.get(year.code);
        if (rows) for (const row of JSON.parse(year.rows) as unknown[][]) rows.push(row);
      }
      return byCode;
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
