import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';

type Executor = Kysely<Database> | Transaction<Database>;

/** The queries on sms_codes, on the database or inside a locked transaction (withGates). */
function codeQueries(db: Executor) {
  return {
    /** Records a code about to be sent; its id lets a failed hand-over take it back (remove). */
    async insert(code: {
      phone: string;
      codeHash: string;
      ip: string;
      sentAt: string;
      expiresAt: string;
    }): Promise<number> {
      const row = await db
        .insertInto('sms_codes')
        .values({
          phone: code.phone,
          code_hash: code.codeHash,
          ip: code.ip,
          sent_at: code.sentAt,
          expires_at: code.expiresAt,
          locked_until: null,
          consumed_at: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async remove(id: number): Promise<void> {
      await db.deleteFrom('sms_codes').where('id', '=', id).execute();
    },

    /** The newest code sent to a phone. */
    findLatest(phone: string) {
      return db
        .selectFrom('sms_codes')
        .select(['id', 'code_hash', 'sent_at', 'expires_at', 'attempts', 'consumed_at'])
        .where('phone', '=', phone)
        .orderBy('sent_at', 'desc')
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
    },

    /** The latest lock on a phone (locks outlive the code that caused them). */
    async findLockedUntil(phone: string): Promise<string | null> {
      const row = await db
        .selectFrom('sms_codes')
        .select((eb) => eb.fn.max('locked_until').as('locked_until'))
        .where('phone', '=', phone)
        .executeTakeFirst();
      return row?.locked_until ?? null;
    },

    /** Send times from one IP since a moment, oldest first. */
    async listSentFromIpSince(ip: string, since: string): Promise<string[]> {
      const rows = await db
        .selectFrom('sms_codes')
        .select('sent_at')
        .where('ip', '=', ip)
        .where('sent_at', '>', since)
        .orderBy('sent_at')
        .execute();
      return rows.map((row) => row.sent_at);
    },

    async recordWrongAttempt(id: number, attempts: number, lockedUntil: string | null): Promise<void> {
      await db
        .updateTable('sms_codes')
        .set({ attempts, ...(lockedUntil ? { locked_until: lockedUntil } : {}) })
        .where('id', '=', id)
        .execute();
    },

    async markConsumed(id: number, at: string): Promise<void> {
      await db.updateTable('sms_codes').set({ consumed_at: at }).where('id', '=', id).execute();
    },
  };
}

export type SmsCodeQueries = ReturnType<typeof codeQueries>;

/** The gate row of a phone number. */
export const phoneGate = (phone: string) => `phone:${phone}`;
/** The gate row of a client address. */
export const ipGate = (ip: string) => `ip:${ip}`;

export function createSmsCodeRepository(db: Kysely<Database>) {
  return {
    ...codeQueries(db),

    /**
     * Runs `work` in one transaction that first locks the named gate rows (migration 0006), so
     * whatever `work` reads and writes about those phones and IPs happens one request at a time:
     * a second request waits at the lock and then sees the first one's write. Writing the row is
     * what locks it, on PostgreSQL (the upsert's row lock, held to commit) as on SQLite (the
     * database's write lock, and the driver runs one transaction at a time). Gates are taken in
     * sorted order so two requests never wait on each other's. `work` must use only the queries it
     * is given, and must not wait on anything slow (an SMS gateway) while it holds the locks.
     */
    withGates<T>(gates: readonly string[], at: string, work: (queries: SmsCodeQueries) => Promise<T>) {
      return db.transaction().execute(async (trx) => {
        for (const key of [...new Set(gates)].sort()) {
          await trx
            .insertInto('sms_gates')
            .values({ key, touched_at: at })
            .onConflict((conflict) => conflict.column('key').doUpdateSet({ touched_at: at }))
            .execute();
        }
        return work(codeQueries(trx));
      });
    },

    /** Deletes codes sent and gate rows last touched before `before`. */
    async pruneBefore(before: string): Promise<{ codes: number; gates: number }> {
      const codes = await db.deleteFrom('sms_codes').where('sent_at', '<', before).executeTakeFirst();
      const gates = await db.deleteFrom('sms_gates').where('touched_at', '<', before).executeTakeFirst();
      return { codes: Number(codes.numDeletedRows), gates: Number(gates.numDeletedRows) };
    },
  };
}

export type SmsCodeRepository = ReturnType<typeof createSmsCodeRepository>;
