import { type Kysely, sql } from 'kysely';

/**
 * 关于我们 and 版本信息 (contract about.ts): the operator's one row of about text and contacts, and
 * the release notes. Portable like 0002: dates are text, lists are JSON text.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('about_info')
    // One row: the check keeps a second one out, so the service never has to choose.
    .addColumn('id', 'integer', (column) => column.primaryKey().check(sql`id = 1`))
    .addColumn('description', 'text', (column) => column.notNull())
    .addColumn('email', 'varchar(128)')
    .addColumn('hotline', 'varchar(32)')
    .addColumn('service_hours', 'varchar(64)')
    .addColumn('icp', 'varchar(64)')
    .addColumn('disclaimer', 'text', (column) => column.notNull())
    .addColumn('updated_at', 'varchar(32)', (column) => column.notNull())
    .execute();

  await db.schema
    .createTable('app_releases')
    .addColumn('version', 'varchar(16)', (column) => column.primaryKey())
    .addColumn('released_on', 'varchar(10)', (column) => column.notNull())
    .addColumn('title', 'varchar(64)', (column) => column.notNull())
    .addColumn('notes_json', 'text', (column) => column.notNull())
    .execute();
  await db.schema.createIndex('app_releases_released_on').on('app_releases').column('released_on').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['app_releases', 'about_info']) await db.schema.dropTable(table).execute();
}
