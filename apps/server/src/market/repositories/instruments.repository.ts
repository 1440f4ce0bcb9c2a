import type { Insertable, Kysely, Selectable } from 'kysely';
import { sqliteConnectionOf, sqliteRawRead } from '../../db/database.ts';
import type { Database, InstrumentsTable } from '../../db/schema.ts';
import { batchRows, type Executor, insertBatches, upsertBatches } from './batch-sql.ts';

/** The master's columns as listInstruments reads them: all but the profile document. */
const masterColumns = [
  'code',
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
  'delisted_day',
] as const satisfies readonly Exclude<keyof InstrumentsTable, 'profile'>[];

export type StoredInstrumentRow = Omit<Selectable<InstrumentsTable>, 'profile'>;

/** An instrument of the master as readMaster answers it: masterColumns' values in their order. */
export type MasterRow = [
  code: string,
  name: string,
  type: string,
  board: string,
  industry: string | null,
  listingDay: number,
  totalShares: number | null,
  floatShares: number | null,
  pinyinInitials: string,
  pinyin: string,
  isSt: number,
  delistedDay: number | null,
];

/** Synchronous reads of the profile documents (instruments.profile). */
export interface ProfileReader {
  read(code: string): string | undefined;
  /** Every instrument's document by code, in one read. */
  readAll(): Map<string, string>;
  /** The next `limit` documents after `afterCode` in code order, as [code, document] pairs. */
  readAfter(afterCode: string, limit: number): [string, string][];
}

/** SQL of the instrument master (table `instruments`): codes, names, types, shares and profiles. */
export function createInstrumentsRepository(db: Kysely<Database>) {
  const listInstruments = (): Promise<StoredInstrumentRow[]> =>
    db.selectFrom('instruments').select(masterColumns).orderBy('code').execute();
  const rawMaster = sqliteRawRead<MasterRow>(
    db,
    `select ${masterColumns.join(', ')} from instruments order by code`,
  );
  return {
    async instrumentCount(): Promise<number> {
      const row = await db
        .selectFrom('instruments')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .executeTakeFirst();
      return Number(row?.count ?? 0);
    },
    /**
     * Every instrument of the master without its profile document: the documents are 5.8 MB of the
     * full market's text, and a restart reads the master before its first answer, which needs none of
     * them (issue 15 item 8). Read them with profileReader, readProfiles or readProfile.
     */
    listInstruments,
    /**
     * listInstruments as arrays of column values, the form the directory reads at every start: on
     * SQLite straight from the statement, half the CPU of a row object each.
     */
    async readMaster(): Promise<MasterRow[]> {
      if (rawMaster) return rawMaster();
      return (await listInstruments()).map((row) => [
        row.code,
        row.name,
        row.type,
        row.board,
        row.industry,
        row.listing_day,
        row.total_shares,
        row.float_shares,
        row.pinyin_initials,
        row.pinyin,
        row.is_st,
        row.delisted_day ?? null,
      ]);
    },
    /** One instrument's profile document (instrument-profile.ts), or undefined when it is not stored. */
    async readProfile(code: string): Promise<string | undefined> {
      const row = await db
        .selectFrom('instruments')
        .select('profile')
        .where('code', '=', code)
        .executeTakeFirst();
      return row?.profile;
    },
    /** Every instrument's profile document by code. */
    async readProfiles(): Promise<Map<string, string>> {
      const rows = await db.selectFrom('instruments').select(['code', 'profile']).execute();
      return new Map(rows.map((row) => [row.code, row.profile]));
    },
    /**
     * Reads profile documents synchronously, so the master can read each when first asked for (its
     * `profile` is a plain property the services read in place): on SQLite, whose reads are
     * synchronous; null on PostgreSQL, where the master reads them all with readProfiles.
     */
    profileReader(): ProfileReader | null {
      const sqlite = sqliteConnectionOf(db);
      if (!sqlite) return null;
      // Statements of their own: pluck changes a statement, and the connection's cache shares them.
      const one = sqlite.prepare<[string], string>('select profile from instruments where code = ?').pluck();
      const all = sqlite.prepare<[], [string, string]>('select code, profile from instruments').raw();
      const after = sqlite
        .prepare<[string, number], [string, string]>(
          'select code, profile from instruments where code > ? order by code limit ?',
        )
        .raw();
      return {
        read: (code) => one.get(code),
        readAll: () => new Map(all.all()),
        readAfter: (afterCode, limit) => after.all(afterCode, limit),
      };
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
