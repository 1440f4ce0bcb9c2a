import { type Kysely, PostgresAdapter } from 'kysely';

/**
 * Announcements and research reports (issue 17; contract content-notice.ts) and the PDF files an
 * import brings with them. Portable like 0002: days as YYYYMMDD integers, timestamps ISO text, a
 * file as base64 text (SQLite and PostgreSQL store it alike, and a PDF of a few hundred kilobytes
 * is small beside the market's series). `dedupe_key` makes a second generation or a second import
 * of the same item a no-op or a replacement rather than a duplicate.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const generatedId = db.getExecutor().adapter instanceof PostgresAdapter ? 'serial' : 'integer';

  await db.schema
    .createTable('content_files')
    .addColumn('id', generatedId, (column) => column.primaryKey())
    .addColumn('content_type', 'varchar(64)', (column) => column.notNull())
    .addColumn('size', 'integer', (column) => column.notNull())
    .addColumn('body_base64', 'text', (column) => column.notNull())
    .addColumn('created_at', 'varchar(32)', (column) => column.notNull())
    .execute();

  await db.schema
    .createTable('notices')
    .addColumn('id', generatedId, (column) => column.primaryKey())
    .addColumn('dedupe_key', 'varchar(120)', (column) => column.notNull().unique())
    .addColumn('code', 'varchar(20)', (column) => column.notNull())
    .addColumn('type', 'varchar(8)', (column) => column.notNull())
    .addColumn('day', 'integer', (column) => column.notNull())
    .addColumn('title', 'varchar(200)', (column) => column.notNull())
    .addColumn('summary', 'text', (column) => column.notNull())
    // The full text the generated PDF sets, paragraphs separated by newlines; empty with a file.
    .addColumn('body', 'text', (column) => column.notNull())
    .addColumn('report_period', 'integer')
    .addColumn('file_id', 'integer')
    .addColumn('source', 'varchar(8)', (column) => column.notNull())
    .execute();
  await db.schema.createIndex('notices_day').on('notices').columns(['day', 'id']).execute();
  await db.schema.createIndex('notices_code_day').on('notices').columns(['code', 'day', 'id']).execute();

  await db.schema
    .createTable('research_reports')
    .addColumn('id', generatedId, (column) => column.primaryKey())
    .addColumn('dedupe_key', 'varchar(120)', (column) => column.notNull().unique())
    .addColumn('code', 'varchar(20)')
    .addColumn('industry', 'varchar(20)')
    .addColumn('day', 'integer', (column) => column.notNull())
    .addColumn('title', 'varchar(200)', (column) => column.notNull())
    .addColumn('institution', 'varchar(40)', (column) => column.notNull())
    .addColumn('analyst', 'varchar(60)', (column) => column.notNull())
    .addColumn('rating', 'varchar(4)', (column) => column.notNull())
    .addColumn('rating_change', 'varchar(4)', (column) => column.notNull())
    .addColumn('target_price', 'double precision')
    .addColumn('price_at_date', 'double precision')
    .addColumn('summary', 'text', (column) => column.notNull())
    .addColumn('body', 'text', (column) => column.notNull())
    .addColumn('file_id', 'integer')
    .addColumn('source', 'varchar(8)', (column) => column.notNull())
    .execute();
  await db.schema.createIndex('research_day').on('research_reports').columns(['day', 'id']).execute();
  await db.schema
    .createIndex('research_code_day')
    .on('research_reports')
    .columns(['code', 'day', 'id'])
    .execute();

  // Which stocks' demo announcements and reports are written, and through which market day: they
  // are generated on a stock's first request, not at start (5,473 A-shares in the full market).
  await db.schema
    .createTable('content_demo_marks')
    .addColumn('code', 'varchar(20)', (column) => column.primaryKey())
    .addColumn('through_day', 'integer', (column) => column.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('content_demo_marks').execute();
  await db.schema.dropTable('research_reports').execute();
  await db.schema.dropTable('notices').execute();
  await db.schema.dropTable('content_files').execute();
}
