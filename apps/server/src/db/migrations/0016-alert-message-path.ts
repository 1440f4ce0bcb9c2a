import type { Kysely } from 'kysely';

/**
 * The app path a message opens (issue 16 item 2 of this round): a strategy-change notice opens its
 * strategy (`/chooseSuper?id=`), a fired alert its instrument. Null for rows written before, which
 * open their instrument when they carry one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('alert_messages').addColumn('path', 'varchar(200)').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('alert_messages').dropColumn('path').execute();
}
