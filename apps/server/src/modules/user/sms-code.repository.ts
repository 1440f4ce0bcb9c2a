import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

export function createSmsCodeRepository(db: Kysely<Database>) {
  return {
    async insert(code: { phone: string; codeHash: string; ip: string; sentAt: string; expiresAt: string }) {
      await db
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
        .execute();
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

export type SmsCodeRepository = ReturnType<typeof createSmsCodeRepository>;
