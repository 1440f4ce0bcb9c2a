import type { Kysely } from 'kysely';

/**
 * One row per phone and per client IP that asked for an SMS code: a row to lock, so the checks of
 * the resend interval, the per-IP limit and the wrong-try count and the write that follows them run
 * one at a time per phone and IP, on PostgreSQL as on SQLite (issue 14 defect 2: 50 concurrent
 * requests each passed the check before any had written). The rows carry no rule; sms_codes does.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sms_gates')
    .addColumn('key', 'varchar(96)', (column) => column.primaryKey())
    .addColumn('touched_at', 'varchar(32)', (column) => column.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('sms_gates').execute();
}
