import type { Insertable, Kysely } from 'kysely';
import type { Database, InstrumentsTable } from '../../db/schema.ts';
import { batchRows, type Executor, insertBatches, upsertBatches } from './batch-sql.ts';

/** SQL of the instrument master (table `instruments`): codes, names, types, shares and profiles. */
export function createInstrumentsRepository(db: Kysely<Database>) {
  return {
    async instrumentCount(): Promise<number> {
      const row = await db
        .selectFrom('instruments')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .executeTakeFirst();
      return Number(row?.count ?? 0);
    },
    listInstruments() {
      return db.selectFrom('instruments').selectAll().orderBy('code').execute();
    },
    /** Which of `codes` the master holds. */
    async storedCodes(codes: readonly string[]): Promise<Set<string>> {
      const stored = new Set<string>();
      for (let start = 0; start < codes.length; start += batchRows) {
        const rows = await db
          .selectFrom('instruments')
          .select('code')
          .where('code', 'in', codes.slice(start, start + batchRows))
          .execute();
        for (const row of rows) stored.add(row.code);
      }
      return stored;
    },
    /** Adds new instruments (a generated market); a code already stored is an error. */
    async insertInstruments(
      executor: Executor,
      rows: readonly Insertable<InstrumentsTable>[],
    ): Promise<void> {
      await insertBatches(executor, 'instruments', rows);
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
    /** The delisting day of every delisted share, by code. */
    async delistedDays(): Promise<Map<string, number>> {
      const rows = await db
        .selectFrom('instruments')
        .select(['code', 'delisted_day'])
        .where('delisted_day', 'is not', null)
        .execute();
      return new Map(rows.map((row) => [row.code, row.delisted_day ?? 0]));
    },
    /** Sets each named share's delisting day (migration 0020); null marks it listed again. */
    async setDelistedDays(
      executor: Executor,
      rows: readonly { code: string; delistedDay: number | null }[],
    ): Promise<void> {
      for (const row of rows)
        await executor
          .updateTable('instruments')
          .set({ delisted_day: row.delistedDay })
          .where('code', '=', row.code)
          .execute();
    },
    /** Replaces the profile documents (instrument-profile.ts) of the instruments named. */
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
  };
}

export type InstrumentsRepository = ReturnType<typeof createInstrumentsRepository>;
