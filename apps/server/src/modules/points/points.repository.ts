import type { Kysely, Selectable } from 'kysely';
import type { Database, PointExchangesTable } from '../../db/schema.ts';

export type ExchangeRow = Selectable<PointExchangesTable>;

/**
 * The points SQL. Functions that take `db` run inside the caller's transaction: every write of a
 * user's points first calls lockAccount, so they run one at a time per user on both databases.
 */
export function createPointsRepository(database: Kysely<Database>) {
  return {
    transaction<T>(work: (db: Kysely<Database>) => Promise<T>): Promise<T> {
      return database.transaction().execute(work);
    },

    async hasCheckIn(userId: number, date: string, db: Kysely<Database> = database): Promise<boolean> {
      const row = await db
        .selectFrom('check_ins')
        .select('user_id')
        .where('user_id', '=', userId)
        .where('date', '=', date)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** The user's check-in days, newest first, not before `since` (YYYY-MM-DD). */
    async checkInDates(userId: number, since: string, db: Kysely<Database> = database): Promise<string[]> {
      const rows = await db
        .selectFrom('check_ins')
        .select('date')
        .where('user_id', '=', userId)
        .where('date', '>=', since)
        .orderBy('date', 'desc')
        .execute();
      return rows.map((row) => row.date);
    },

    async insertCheckIn(db: Kysely<Database>, userId: number, date: string, at: string): Promise<void> {
      await db.insertInto('check_ins').values({ user_id: userId, date, created_at: at }).execute();
    },

    /**
     * Creates the user's account row if missing and takes its row lock (PostgreSQL) for the rest of
     * the transaction; SQLite runs one transaction at a time anyway.
     */
    async lockAccount(db: Kysely<Database>, userId: number): Promise<void> {
      await db
        .insertInto('point_accounts')
        .values({ user_id: userId, balance: 0, version: 0 })
        .onConflict((conflict) => conflict.column('user_id').doNothing())
        .execute();
      await db
        .updateTable('point_accounts')
        .set((eb) => ({ version: eb('version', '+', 1) }))
        .where('user_id', '=', userId)
        .execute();
    },

    async balance(userId: number, db: Kysely<Database> = database): Promise<number> {
      const row = await db
        .selectFrom('point_accounts')
        .select('balance')
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return row ? Number(row.balance) : 0;
    },

    /**
     * Writes a ledger entry and moves the balance by its amount, unless an entry with this `ref`
     * exists already (then nothing moves and the answer is false). A spend only happens while the
     * balance covers it; otherwise the answer is false and nothing is written.
     */
    async post(
      db: Kysely<Database>,
      entry: {
        userId: number;
        amount: number;
        reason: 'checkIn' | 'task' | 'exchange';
        title: string;
        ref: string;
        at: string;
      },
    ): Promise<boolean> {
      if (entry.amount < 0) {
        const spent = await db
          .updateTable('point_accounts')
          .set((eb) => ({ balance: eb('balance', '+', entry.amount) }))
          .where('user_id', '=', entry.userId)
          .where('balance', '>=', -entry.amount)
          .executeTakeFirst();
        if (Number(spent.numUpdatedRows) === 0) return false;
      }
      const inserted = await db
        .insertInto('point_ledger')
        .values({
          user_id: entry.userId,
          amount: entry.amount,
          reason: entry.reason,
          title: entry.title,
          ref: entry.ref,
          created_at: entry.at,
        })
        .onConflict((conflict) => conflict.columns(['user_id', 'ref']).doNothing())
        .executeTakeFirst();
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) === 0) {
        if (entry.amount < 0) throw new Error(`ledger ref ${entry.ref} used twice for a spend`);
        return false;
      }
      if (entry.amount > 0) {
        await db
          .updateTable('point_accounts')
          .set((eb) => ({ balance: eb('balance', '+', entry.amount) }))
          .where('user_id', '=', entry.userId)
          .execute();
      }
      return true;
    },

    async creditedRefs(userId: number, refs: readonly string[]): Promise<Set<string>> {
      if (refs.length === 0) return new Set();
      const rows = await database
        .selectFrom('point_ledger')
        .select('ref')
        .where('user_id', '=', userId)
        .where('ref', 'in', refs)
        .execute();
      return new Set(rows.map((row) => row.ref));
    },

    async ledgerPage(userId: number, lastId: number | undefined, size: number) {
      let query = database
        .selectFrom('point_ledger')
        .select(['id', 'amount', 'reason', 'title', 'created_at'])
        .where('user_id', '=', userId);
      if (lastId !== undefined) query = query.where('id', '<', lastId);
      return query
        .orderBy('id', 'desc')
        .limit(size + 1)
        .execute();
    },

    /** What the new-user tasks look at: a bound phone, a watchlist item, any check-in. */
    async taskFacts(userId: number) {
      const [user, item, checkIn] = await Promise.all([
        database.selectFrom('users').select('phone').where('id', '=', userId).executeTakeFirst(),
        database
          .selectFrom('watchlist_items')
          .select('code')
          .where('user_id', '=', userId)
          .limit(1)
          .executeTakeFirst(),
        database
          .selectFrom('check_ins')
          .select('date')
          .where('user_id', '=', userId)
          .limit(1)
          .executeTakeFirst(),
      ]);
      return {
        bindPhone: Boolean(user?.phone),
        addWatchlist: item !== undefined,
        firstCheckIn: checkIn !== undefined,
      };
    },

    async activeGoods() {
      return database
        .selectFrom('point_goods')
        .selectAll()
        .where('active', '=', 1)
        .orderBy('position')
        .orderBy('id')
        .execute();
    },

    async good(goodId: number, db: Kysely<Database> = database) {
      return db.selectFrom('point_goods').selectAll().where('id', '=', goodId).executeTakeFirst();
    },

    /** Takes one off the stock while any is left; false when none was. */
    async takeStock(db: Kysely<Database>, goodId: number): Promise<boolean> {
      const result = await db
        .updateTable('point_goods')
        .set((eb) => ({ stock: eb('stock', '-', 1) }))
        .where('id', '=', goodId)
        .where('stock', '>=', 1)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) > 0;
    },

    /** How many of each good the user has exchanged. */
    async exchangedCounts(userId: number, db: Kysely<Database> = database): Promise<Map<number, number>> {
      const rows = await db
        .selectFrom('point_exchanges')
        .select(['good_id', (eb) => eb.fn.countAll<number>().as('n')])
        .where('user_id', '=', userId)
        .groupBy('good_id')
        .execute();
      return new Map(rows.map((row) => [row.good_id, Number(row.n)]));
    },

    async exchangeByKey(db: Kysely<Database>, userId: number, requestKey: string) {
      return db
        .selectFrom('point_exchanges')
        .selectAll()
        .where('user_id', '=', userId)
        .where('request_key', '=', requestKey)
        .executeTakeFirst();
    },

    async insertExchange(db: Kysely<Database>, row: Omit<ExchangeRow, 'id'>): Promise<ExchangeRow> {
      return db.insertInto('point_exchanges').values(row).returningAll().executeTakeFirstOrThrow();
    },

    async exchangePage(userId: number, lastId: number | undefined, size: number) {
      let query = database.selectFrom('point_exchanges').selectAll().where('user_id', '=', userId);
      if (lastId !== undefined) query = query.where('id', '<', lastId);
      return query
        .orderBy('id', 'desc')
        .limit(size + 1)
        .execute();
    },

    /** Exchanges not yet delivered, oldest first: of one user, or of everyone for the sync loop. */
    async openExchanges(userId: number | null, limit: number) {
      let query = database.selectFrom('point_exchanges').selectAll().where('status', '!=', 'delivered');
      if (userId !== null) query = query.where('user_id', '=', userId);
      return query.orderBy('id').limit(limit).execute();
    },

    async updateExchange(
      id: number,
      changes: Partial<
        Pick<
          ExchangeRow,
          'shipment_id' | 'status' | 'carrier' | 'tracking_no' | 'shipped_at' | 'delivered_at'
        >
      >,
    ): Promise<void> {
      await database.updateTable('point_exchanges').set(changes).where('id', '=', id).execute();
    },

    async insertAddress(row: {
      user_id: number;
      name: string;
      phone: string;
      region: string;
      detail: string;
      created_at: string;
    }) {
      return database.insertInto('express_addresses').values(row).returningAll().executeTakeFirstOrThrow();
    },

    async lastAddress(userId: number) {
      return database
        .selectFrom('express_addresses')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
    },

    /** One of the user's own addresses; another user's is not found. */
    async address(userId: number, id: number) {
      return database
        .selectFrom('express_addresses')
        .selectAll()
        .where('user_id', '=', userId)
        .where('id', '=', id)
        .executeTakeFirst();
    },
  };
}

export type PointsRepository = ReturnType<typeof createPointsRepository>;
