import { type Kysely, PostgresAdapter } from 'kysely';

/**
 * The 7×24 flashes (issue 17; contract content-flash.ts). Portable like 0002: time as epoch
 * milliseconds in a double (exact for integers up to 2^53, and read back as a number by both
 * drivers, which a bigint is not), lists as JSON text. Feeds page by id descending, so the
 * primary key serves the plain feed; the (importance, id) index serves the 重要 and 头条 filters.
 * `event_key` names what a demo flash reports (a stock's 涨停 on a day…): writing the same event
 * twice, after a restart or from two instances, keeps one flash.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const generatedId = db.getExecutor().adapter instanceof PostgresAdapter ? 'serial' : 'integer';
  await db.schema
    .createTable('content_flashes')
    .addColumn('id', generatedId, (column) => column.primaryKey())
    .addColumn('time', 'double precision', (column) => column.notNull())
    .addColumn('title', 'varchar(200)', (column) => column.notNull())
    .addColumn('body', 'text', (column) => column.notNull())
    .addColumn('importance', 'integer', (column) => column.notNull())
    // JSON arrays of instrument codes and sector (SW industry or concept index) codes.
    .addColumn('codes', 'text', (column) => column.notNull())
    .addColumn('sectors', 'text', (column) => column.notNull())
    .addColumn('source', 'varchar(8)', (column) => column.notNull())
    .addColumn('event_key', 'varchar(120)', (column) => column.unique())
    .execute();
  await db.schema
    .createIndex('content_flashes_importance_id')
    .on('content_flashes')
    .columns(['importance', 'id'])
    .execute();
  // Which flashes are about an instrument: a detail page's 新闻 section pages through them by id.
  await db.schema
    .createTable('content_flash_instruments')
    .addColumn('code', 'varchar(20)', (column) => column.notNull())
    .addColumn('flash_id', 'integer', (column) =>
      column.notNull().references('content_flashes.id').onDelete('cascade'),
    )
    .addPrimaryKeyConstraint('content_flash_instruments_pk', ['code', 'flash_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('content_flash_instruments').execute();
  await db.schema.dropTable('content_flashes').execute();
}
