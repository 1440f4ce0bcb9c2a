import type { Kysely } from 'kysely';
import type { Database, SessionEndReason } from '../../db/schema.ts';

export function createSessionRepository(db: Kysely<Database>) {
  return {
    async insert(session: {
      id: string;
      userId: number;
      deviceKind: string;
      createdAt: string;
      expiresAt: string;
    }): Promise<void> {
      await db
        .insertInto('sessions')
        .values({
          id: session.id,
          user_id: session.userId,
          device_kind: session.deviceKind,
          created_at: session.createdAt,
          expires_at: session.expiresAt,
          ended_at: null,
          end_reason: null,
        })
        .execute();
    },

    /** The session with its user's disabled flag. */
    findWithUser(id: string) {
      return db
        .selectFrom('sessions')
        .innerJoin('users', 'users.id', 'sessions.user_id')
        .select([
          'sessions.id',
          'sessions.user_id',
          'sessions.device_kind',
          'sessions.expires_at',
          'sessions.end_reason',
          'users.disabled',
        ])
        .where('sessions.id', '=', id)
        .executeTakeFirst();
    },

    async endSession(id: string, reason: SessionEndReason, at: string): Promise<void> {
      await db
        .updateTable('sessions')
        .set({ ended_at: at, end_reason: reason })
        .where('id', '=', id)
        .where('ended_at', 'is', null)
        .execute();
    },

    /**
     * Ends the user's open sessions but the `keep` newest (a new login is about to join them). An
     * expired session counts as well: it no longer signs anyone in, so ending it costs nothing.
     * Answers the ids of the sessions it ended.
     */
    async endOldestOpenSessions(
      userId: number,
      keep: number,
      reason: SessionEndReason,
      at: string,
    ): Promise<string[]> {
      const open = await db
        .selectFrom('sessions')
        .select('id')
        .where('user_id', '=', userId)
        .where('ended_at', 'is', null)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
      const ending = open.slice(keep).map((session) => session.id);
      if (ending.length === 0) return ending;
      await db
        .updateTable('sessions')
        .set({ ended_at: at, end_reason: reason })
        .where('id', 'in', ending)
        .where('ended_at', 'is', null)
        .execute();
      return ending;
    },
  };
}

export type SessionRepository = ReturnType<typeof createSessionRepository>;
