import type { Kysely } from 'kysely';

/**
 * `screen_day_tables` (issue 18): the screens' daily work, stored once per close so a restart loads
 * it instead of reading every stock's and fund's history again. One row per screen part (the stock
 * screen's day table, its 评分 pass, the fund table) and the day it was computed for; the payload is
 * the part's own JSON encoding (modules/screener/screen-day-store.ts).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('screen_day_tables')
    .addColumn('part', 'text', (column) => column.notNull())
    .addColumn('day', 'integer', (column) => column.notNull())
    .addColumn('payload', 'text', (column) => column.notNull())
    .addPrimaryKeyConstraint('screen_day_tables_pk', ['part', 'day'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('screen_day_tables').execute();
}
