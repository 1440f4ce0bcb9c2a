import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/** The screens' parts whose daily work is stored (migration 0021). */
export type ScreenDayPart = 'stock-table' | 'stock-scores' | 'fund-table';

/**
 * The screens' daily work in the database, keyed by the day it was computed for: a restart on the
 * same day loads it (tens of milliseconds) instead of reading every stock's and fund's history again
 * (tens of seconds of CPU at full size), and only a new day computes it. Two instances computing
 * the same day store it once; each part keeps its latest day only.
 */
export function createScreenDayStore(db: Kysely<Database>) {
  return {
    async read(part: ScreenDayPart, day: number): Promise<string | null> {
      const row = await db
        .selectFrom('screen_day_tables')
        .select('payload')
        .where('part', '=', part)
        .where('day', '=', day)
        .executeTakeFirst();
      return row?.payload ?? null;
    },
    async write(part: ScreenDayPart, day: number, payload: string): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('screen_day_tables').where('part', '=', part).where('day', '<>', day).execute();
        await trx
          .insertInto('screen_day_tables')
          .values({ part, day, payload })
          .onConflict((conflict) => conflict.columns(['part', 'day']).doNothing())
          .execute();
      });
    },
  };
}

export type ScreenDayStore = ReturnType<typeof createScreenDayStore>;

/** A column as JSON: NaN (no figure) as null. */
export function encodeColumn(values: Float64Array): (number | null)[] {
  return Array.from(values, (value) => (Number.isFinite(value) ? value : null));
}

export function decodeColumn(values: readonly (number | null)[]): Float64Array {
  return Float64Array.from(values, (value) => value ?? Number.NaN);
}
