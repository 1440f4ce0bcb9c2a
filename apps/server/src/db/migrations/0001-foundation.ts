import type { Kysely } from 'kysely';

// Portable schema: only types and constraints that mean the same on SQLite and PostgreSQL.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('app_config')
    .addColumn('key', 'varchar(64)', (column) => column.primaryKey())
    .addColumn('value_json', 'text', (column) => column.notNull())
    .addColumn('updated_at', 'varchar(32)', (column) => column.notNull())
    .execute();

  await db.schema
    .createTable('app_menu')
    .addColumn('id', 'integer', (column) => column.primaryKey())
    .addColumn('title', 'varchar(32)', (column) => column.notNull())
    .addColumn('icon', 'varchar(512)', (column) => column.notNull())
    .addColumn('url', 'varchar(1024)', (column) => column.notNull())
    .addColumn('badge', 'varchar(8)')
    .addColumn('sort_order', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('enabled', 'integer', (column) => column.notNull().defaultTo(1))
    .execute();

  await db.schema
    .createTable('activity_popup')
    .addColumn('id', 'integer', (column) => column.primaryKey())
    .addColumn('page', 'varchar(64)', (column) => column.notNull())
    .addColumn('activity_img', 'varchar(512)', (column) => column.notNull())
    .addColumn('url', 'varchar(1024)', (column) => column.notNull())
    .addColumn('starts_at', 'varchar(32)', (column) => column.notNull())
    .addColumn('ends_at', 'varchar(32)', (column) => column.notNull())
    .addColumn('enabled', 'integer', (column) => column.notNull().defaultTo(1))
    .execute();
  await db.schema
    .createIndex('activity_popup_page')
    .on('activity_popup')
    .columns(['page', 'starts_at'])
    .execute();

  await db.schema
    .createTable('api_lock_token')
    .addColumn('id', 'integer', (column) => column.primaryKey())
    .addColumn('token', 'varchar(80)', (column) => column.notNull())
    .addColumn('created_at', 'varchar(32)', (column) => column.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['api_lock_token', 'activity_popup', 'app_menu', 'app_config']) {
    await db.schema.dropTable(table).execute();
  }
}
