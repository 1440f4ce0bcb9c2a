import type { Kysely, Selectable } from 'kysely';
import type { AlertMessagesTable, Database, PriceAlertsTable } from '../../db/schema.ts';

export type AlertRow = Selectable<PriceAlertsTable>;
export type MessageRow = Selectable<AlertMessagesTable>;

export interface NewAlert {
  userId: number;
  code: string;
  kind: string;
  value: number;
  frequency: string;
  at: string;
}

export interface NewMessage {
  userId: number;
  category: 'alert' | 'notice';
  alertId: number | null;
  code: string | null;
  kind: string | null;
  title: string;
  body: string;
  price: number | null;
  firedAt: string;
  /** The app path the message opens. */
  path: string;
}

/** Alerts, messages, push settings, switches and quiet hours: SQL only. */
export function createAlertRepository(db: Kysely<Database>) {
  return {
    listAlerts(userId: number, code?: string): Promise<AlertRow[]> {
      let query = db.selectFrom('price_alerts').selectAll().where('user_id', '=', userId);
      if (code !== undefined) query = query.where('code', '=', code);
      return query.orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
    },

    /** Every enabled alert, for the evaluator at start. */
    listEnabledAlerts(): Promise<AlertRow[]> {
      return db.selectFrom('price_alerts').selectAll().where('enabled', '=', 1).execute();
    },

    findAlert(id: number): Promise<AlertRow | undefined> {
      return db.selectFrom('price_alerts').selectAll().where('id', '=', id).executeTakeFirst();
    },

    findAlerts(ids: readonly number[]): Promise<AlertRow[]> {
      return db.selectFrom('price_alerts').selectAll().where('id', 'in', ids).execute();
    },

    async countAlerts(userId: number): Promise<number> {
      const row = await db
        .selectFrom('price_alerts')
        .select((eb) => eb.fn.countAll<number | string>().as('count'))
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return Number(row?.count ?? 0);
    },

    /**
     * Sets the user's alert of this kind on the instrument: a new row, or the existing one with the
     * new value and frequency, enabled and not yet fired (a changed line starts afresh).
     */
    async upsertAlert(alert: NewAlert): Promise<AlertRow> {
      await db
        .insertInto('price_alerts')
        .values({
          user_id: alert.userId,
          code: alert.code,
          kind: alert.kind,
          value: alert.value,
          frequency: alert.frequency,
          enabled: 1,
          last_fired_at: null,
          created_at: alert.at,
          updated_at: alert.at,
        })
        .onConflict((conflict) =>
          conflict.columns(['user_id', 'code', 'kind']).doUpdateSet({
            value: alert.value,
            frequency: alert.frequency,
            enabled: 1,
            last_fired_at: null,
            updated_at: alert.at,
          }),
        )
        .execute();
      return db
        .selectFrom('price_alerts')
        .selectAll()
        .where('user_id', '=', alert.userId)
        .where('code', '=', alert.code)
        .where('kind', '=', alert.kind)
        .executeTakeFirstOrThrow();
    },

    async updateAlerts(
      userId: number,
      ids: readonly number[],
      changes: { value?: number; frequency?: string; enabled?: number; at: string },
    ): Promise<void> {
      await db
        .updateTable('price_alerts')
        .set({
          ...(changes.value !== undefined ? { value: changes.value } : {}),
          ...(changes.frequency !== undefined ? { frequency: changes.frequency } : {}),
          ...(changes.enabled !== undefined ? { enabled: changes.enabled } : {}),
          updated_at: changes.at,
        })
        .where('user_id', '=', userId)
        .where('id', 'in', ids)
        .execute();
    },

    /** Deletes the user's alerts among `ids`; answers the ids deleted. */
    async deleteAlerts(userId: number, ids: readonly number[]): Promise<number[]> {
      const owned = await db
        .selectFrom('price_alerts')
        .select('id')
        .where('user_id', '=', userId)
        .where('id', 'in', ids)
        .execute();
      const deleted = owned.map((row) => row.id);
      if (deleted.length > 0) await db.deleteFrom('price_alerts').where('id', 'in', deleted).execute();
      return deleted;
    },

    async deleteAlertsOf(userId: number, code: string): Promise<number[]> {
      const owned = await db
        .selectFrom('price_alerts')
        .select('id')
        .where('user_id', '=', userId)
        .where('code', '=', code)
        .execute();
      const deleted = owned.map((row) => row.id);
      if (deleted.length > 0) await db.deleteFrom('price_alerts').where('id', 'in', deleted).execute();
      return deleted;
    },

    /**
     * Claims a firing: counts it only if the alert is still enabled and unchanged since the
     * evaluator read it (same fire count and update time). False when it was paused, edited, deleted
     * or fired by another instance meanwhile: then nothing is delivered. A `once` alert pauses itself.
     */
    async claimFiring(
      alert: { id: number; fireCount: number; updatedAt: string },
      firedAt: string,
      pause: boolean,
    ): Promise<boolean> {
      const result = await db
        .updateTable('price_alerts')
        .set((eb) => ({
          fire_count: eb('fire_count', '+', 1),
          last_fired_at: firedAt,
          ...(pause ? { enabled: 0 } : {}),
        }))
        .where('id', '=', alert.id)
        .where('enabled', '=', 1)
        .where('fire_count', '=', alert.fireCount)
        .where('updated_at', '=', alert.updatedAt)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async insertMessage(message: NewMessage): Promise<MessageRow> {
      const row = await db
        .insertInto('alert_messages')
        .values({
          user_id: message.userId,
          category: message.category,
          alert_id: message.alertId,
          code: message.code,
          kind: message.kind,
          title: message.title,
          body: message.body,
          price: message.price,
          fired_at: message.firedAt,
          read_at: null,
          path: message.path,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      return row;
    },

    listMessages(
      userId: number,
      options: { category?: string; since: string; offset: number; limit: number },
    ): Promise<MessageRow[]> {
      let query = db
        .selectFrom('alert_messages')
        .selectAll()
        .where('user_id', '=', userId)
        .where('fired_at', '>=', options.since);
      if (options.category) query = query.where('category', '=', options.category);
      return query
        .orderBy('fired_at', 'desc')
        .orderBy('id', 'desc')
        .offset(options.offset)
        .limit(options.limit)
        .execute();
    },

    /** Messages since `since` by category, and how many of them are unread. */
    async countMessages(userId: number, since: string) {
      const rows = await db
        .selectFrom('alert_messages')
        .select((eb) => [
          'category',
          eb.fn.countAll<number | string>().as('total'),
          eb.fn.count<number | string>('read_at').as('read'),
        ])
        .where('user_id', '=', userId)
        .where('fired_at', '>=', since)
        .groupBy('category')
        .execute();
      return rows.map((row) => ({
        category: row.category,
        total: Number(row.total),
        unread: Number(row.total) - Number(row.read),
      }));
    },

    /** The owners of these messages (ids that do not exist are left out). */
    listMessageOwners(ids: readonly number[]) {
      return db.selectFrom('alert_messages').select(['id', 'user_id']).where('id', 'in', ids).execute();
    },

    async markRead(
      userId: number,
      target: { ids?: readonly number[]; category?: string },
      at: string,
    ): Promise<number> {
      let query = db
        .updateTable('alert_messages')
        .set({ read_at: at })
        .where('user_id', '=', userId)
        .where('read_at', 'is', null);
      if (target.ids) query = query.where('id', 'in', target.ids);
      if (target.category) query = query.where('category', '=', target.category);
      const result = await query.executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    /** Drops a user's messages older than `before` (the 30-day retention). */
    async pruneMessages(before: string, userId?: number): Promise<void> {
      let query = db.deleteFrom('alert_messages').where('fired_at', '<', before);
      if (userId !== undefined) query = query.where('user_id', '=', userId);
      await query.execute();
    },

    listFlags(table: 'push_settings' | 'user_switches', userId: number) {
      return db.selectFrom(table).select(['key', 'enabled']).where('user_id', '=', userId).execute();
    },

    async setFlag(table: 'push_settings' | 'user_switches', userId: number, key: string, enabled: boolean) {
      await db
        .insertInto(table)
        .values({ user_id: userId, key, enabled: enabled ? 1 : 0 })
        .onConflict((conflict) =>
          conflict.columns(['user_id', 'key']).doUpdateSet({ enabled: enabled ? 1 : 0 }),
        )
        .execute();
    },

    findQuietHours(userId: number) {
      return db.selectFrom('quiet_hours').selectAll().where('user_id', '=', userId).executeTakeFirst();
    },

    async setQuietHours(userId: number, hours: { enabled: boolean; start: string; end: string }) {
      const values = { enabled: hours.enabled ? 1 : 0, start_time: hours.start, end_time: hours.end };
      await db
        .insertInto('quiet_hours')
        .values({ user_id: userId, ...values })
        .onConflict((conflict) => conflict.column('user_id').doUpdateSet(values))
        .execute();
    },
  };
}

export type AlertRepository = ReturnType<typeof createAlertRepository>;
