import type { Kysely } from 'kysely';

/**
 * The partner broker (spec 1 §7; contract broker.ts): one row per user who has reached the broker
 * through us, with the last home-login notice and the account-opening application in progress.
 * Portable like 0002: timestamps are ISO-8601 text.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('broker_accounts')
    .addColumn('user_id', 'integer', (column) => column.primaryKey())
    .addColumn('home_login_at', 'varchar(32)')
    .addColumn('home_login_count', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('application_id', 'varchar(64)')
    .addColumn('application_status', 'varchar(16)')
    .addColumn('application_url', 'varchar(1024)')
    .addColumn('application_started_at', 'varchar(32)')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('broker_accounts').execute();
}
