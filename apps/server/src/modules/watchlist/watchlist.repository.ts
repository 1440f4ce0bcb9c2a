import type { GroupKind } from '@zhicai/contract';
import type { Kysely, Transaction } from 'kysely';
import type {
  Database,
  WatchlistGroupsTable,
  WatchlistInstrumentsTable,
  WatchlistItemsTable,
} from '../../db/schema.ts';

export interface GroupRow extends Omit<WatchlistGroupsTable, 'id' | 'version'> {
  id: number;
  kind: GroupKind;
}
export type ItemRow = WatchlistItemsTable;
export interface InstrumentRow extends Omit<WatchlistInstrumentsTable, 'remark'> {
  remark: string;
}

export type SettingsKind = 'columns' | 'columnsHk' | 'kline';

type Executor = Kysely<Database> | Transaction<Database>;

/** The SQL of one user's watchlist, on the database or inside a write's transaction. */
function queries(db: Executor) {
  return {
    async groups(userId: number): Promise<GroupRow[]> {
      const rows = await db
        .selectFrom('watchlist_groups')
        .select(['id', 'user_id', 'name', 'kind', 'position', 'created_at'])
        .where('user_id', '=', userId)
        .orderBy('position')
        .orderBy('id')
        .execute();
      return rows as GroupRow[];
    },

    async items(userId: number): Promise<ItemRow[]> {
      return db.selectFrom('watchlist_items').selectAll().where('user_id', '=', userId).execute();
    },

    async itemsOfGroup(groupId: number): Promise<ItemRow[]> {
      return db
        .selectFrom('watchlist_items')
        .selectAll()
        .where('group_id', '=', groupId)
        .orderBy('position')
        .orderBy('code')
        .execute();
    },

    async instruments(userId: number): Promise<InstrumentRow[]> {
      return db.selectFrom('watchlist_instruments').selectAll().where('user_id', '=', userId).execute();
    },

    async instrument(userId: number, code: string): Promise<InstrumentRow | undefined> {
      return db
        .selectFrom('watchlist_instruments')
        .selectAll()
        .where('user_id', '=', userId)
        .where('code', '=', code)
        .executeTakeFirst();
    },

    /** The counter every write raises: a cache of the user's lists is current while it stands. */
    async version(userId: number): Promise<number> {
      const row = await db
        .selectFrom('watchlist_groups')
        .select('version')
        .where('user_id', '=', userId)
        .where('kind', '=', 'default')
        .executeTakeFirst();
      return row?.version ?? 0;
    },

    async insertGroup(group: Omit<GroupRow, 'id'>): Promise<number> {
      const row = await db
        .insertInto('watchlist_groups')
        .values(group)
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async renameGroup(groupId: number, name: string): Promise<void> {
      await db.updateTable('watchlist_groups').set({ name }).where('id', '=', groupId).execute();
    },

    async deleteGroup(groupId: number): Promise<void> {
      await db.deleteFrom('watchlist_items').where('group_id', '=', groupId).execute();
      await db.deleteFrom('watchlist_groups').where('id', '=', groupId).execute();
    },

    async setGroupPosition(groupId: number, position: number): Promise<void> {
      await db.updateTable('watchlist_groups').set({ position }).where('id', '=', groupId).execute();
    },

    async insertItems(items: readonly ItemRow[]): Promise<void> {
      if (items.length === 0) return;
      await db.insertInto('watchlist_items').values(items).execute();
    },

    async deleteItems(groupId: number, codes: readonly string[]): Promise<number> {
      if (codes.length === 0) return 0;
      const result = await db
        .deleteFrom('watchlist_items')
        .where('group_id', '=', groupId)
        .where('code', 'in', codes)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },

    /** Removes the codes from every group of the user. */
    async deleteItemsEverywhere(userId: number, codes: readonly string[]): Promise<void> {
      if (codes.length === 0) return;
      await db
        .deleteFrom('watchlist_items')
        .where('user_id', '=', userId)
        .where('code', 'in', codes)
        .execute();
    },

    async setItemPosition(groupId: number, code: string, position: number): Promise<void> {
      await db
        .updateTable('watchlist_items')
        .set({ position })
        .where('group_id', '=', groupId)
        .where('code', '=', code)
        .execute();
    },

    async setPinned(groupId: number, code: string, pinnedAt: string | null): Promise<void> {
      await db
        .updateTable('watchlist_items')
        .set({ pinned_at: pinnedAt })
        .where('group_id', '=', groupId)
        .where('code', '=', code)
        .execute();
    },

    /** Records what an instrument was added at, unless the user already follows it. */
    async insertInstruments(rows: readonly Omit<InstrumentRow, 'remark'>[]): Promise<void> {
      if (rows.length === 0) return;
      await db
        .insertInto('watchlist_instruments')
        .values(rows.map((row) => ({ ...row })))
        .onConflict((conflict) => conflict.columns(['user_id', 'code']).doNothing())
        .execute();
    },

    async deleteInstruments(userId: number, codes: readonly string[]): Promise<void> {
      if (codes.length === 0) return;
      await db
        .deleteFrom('watchlist_instruments')
        .where('user_id', '=', userId)
        .where('code', 'in', codes)
        .execute();
    },

    async updateInstrument(
      userId: number,
      code: string,
      changes: Partial<Pick<InstrumentRow, 'remark' | 'added_at' | 'added_price' | 'shares' | 'cost'>>,
    ): Promise<void> {
      await db
        .updateTable('watchlist_instruments')
        .set(changes)
        .where('user_id', '=', userId)
        .where('code', '=', code)
        .execute();
    },

    async settings(userId: number, kind: SettingsKind): Promise<string | undefined> {
      const row = await db
        .selectFrom('watchlist_settings')
        .select('value')
        .where('user_id', '=', userId)
        .where('kind', '=', kind)
        .executeTakeFirst();
      return row?.value;
    },

    async saveSettings(userId: number, kind: SettingsKind, value: string, at: string): Promise<void> {
      await db
        .insertInto('watchlist_settings')
        .values({ user_id: userId, kind, value, updated_at: at })
        .onConflict((conflict) =>
          conflict.columns(['user_id', 'kind']).doUpdateSet({ value, updated_at: at }),
        )
        .execute();
    },

    async insertUpload(upload: { id: string; user_id: number; image: string; created_at: string }) {
      await db.insertInto('watchlist_uploads').values(upload).execute();
    },

    async upload(id: string, userId: number): Promise<{ image: string; created_at: string } | undefined> {
      return db
        .selectFrom('watchlist_uploads')
        .select(['image', 'created_at'])
        .where('id', '=', id)
        .where('user_id', '=', userId)
        .executeTakeFirst();
    },

    async deleteUploadsBefore(at: string): Promise<void> {
      await db.deleteFrom('watchlist_uploads').where('created_at', '<', at).execute();
    },
  };
}

export type WatchlistQueries = ReturnType<typeof queries>;

export function createWatchlistRepository(db: Kysely<Database>) {
  return {
    ...queries(db),

    /** Creates the user's default group once; a second device racing here finds it made. */
    async ensureDefaultGroup(userId: number, name: string, at: string): Promise<void> {
      await db
        .insertInto('watchlist_groups')
        .values({ user_id: userId, name, kind: 'default', position: 0, created_at: at })
        .onConflict((conflict) => conflict.columns(['user_id', 'kind', 'name']).doNothing())
        .execute();
    },

    /**
     * Runs one write of a user's watchlist in a transaction that first raises the version on the
     * user's default group. That update locks the row, so on PostgreSQL two devices' writes for
     * one user run one after the other and each reads what the other committed (SQLite has a
     * single writer anyway): no item is lost and no order is computed from a stale read.
     */
    write<T>(userId: number, work: (trx: WatchlistQueries) => Promise<T>): Promise<T> {
      return db.transaction().execute(async (trx) => {
        await trx
          .updateTable('watchlist_groups')
          .set((eb) => ({ version: eb('version', '+', 1) }))
          .where('user_id', '=', userId)
          .where('kind', '=', 'default')
          .execute();
        return work(queries(trx));
      });
    },
  };
}

export type WatchlistRepository = ReturnType<typeof createWatchlistRepository>;
