import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';

/**
 * SQL of the fund screen's once-per-close build: only the stored NAV years the figures use (a fund's
 * whole history, parsed, cost ~28 ms a fund: five minutes over the full universe), read a batch of
 * funds at a time, and every fund's latest units in one read.
 */
/**
 * The first row of a year's JSON rows without parsing the rest: a NAV row holds numbers (or null)
 * only, so it ends at the first "]". The whole text is parsed if that does not read as a row.
 */
export function firstRowOf(json: string): unknown[][] {
  const end = json.indexOf(']');
  try {
    const rows = JSON.parse(`${json.slice(0, end + 1)}]`) as unknown;
    if (Array.isArray(rows) && rows.every((row) => Array.isArray(row))) return rows as unknown[][];
  } catch {
    // Not a plain row: read the whole year below.
  }
  return (JSON.parse(json) as unknown[][]).slice(0, 1);
}

export function createFundScreenRepository(db: Kysely<Database>) {
  return {
    /**
     * The NAV rows of a batch of funds, by code, oldest first: each fund's first NAV (成立来 starts
     * there; its year's other rows are not parsed) and the rows of the `years` asked (a list, or every year from one on). Two reads
     * per batch instead of two per fund: at 10,500 funds the per-fund reads were most of the build.
     * The years not asked are neither read nor parsed.
     */
    async readNavRowsOf(
      codes: readonly string[],
      years: readonly number[] | { from: number },
    ): Promise<Map<string, unknown[][]>> {
      const byCode = new Map<string, unknown[][]>(codes.map((code) => [code, []]));
      if (codes.length === 0) return byCode;
      const listed = Array.isArray(years) ? [...years] : null;
      const from = 'from' in years ? years.from : 0;
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
        .select(['s.code as code', 's.year as year', 's.rows as rows'])
        .where('s.kind', '=', 'nav')
        .where((eb) => (listed ? eb('s.year', 'not in', listed) : eb('s.year', '<', from)))
        .execute();
      const recent = await db
        .selectFrom('daily_series')
        .select(['code', 'year', 'rows'])
        .where('kind', '=', 'nav')
        .where('code', 'in', codes)
        .where((eb) => (listed ? eb('year', 'in', listed) : eb('year', '>=', from)))
        .execute();
      // The first year is read for 成立来's base alone: its first NAV. The years between it and
      // those asked are not read, so its other rows would serve no figure.
      const ordered = [
        ...early.map((year) => ({ ...year, parsed: firstRowOf(year.rows) })),
        ...recent.map((year) => ({ ...year, parsed: JSON.parse(year.rows) as unknown[][] })),
      ].sort((a, b) => a.year - b.year);
      for (const year of ordered) {
        const rows = byCode.get(year.code);
        if (rows) for (const row of year.parsed) rows.push(row);
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
