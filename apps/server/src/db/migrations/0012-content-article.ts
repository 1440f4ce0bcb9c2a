import { type Kysely, PostgresAdapter } from 'kysely';

/**
 * Articles, columns, daily and weekly papers and banners (issue 17; contract content-article.ts).
 * Portable like 0002: timestamps ISO-8601 text, flags 0/1 integers, lists JSON text. `source_key`
 * names a row its provider wrote (the demo generator, an import file), so writing it again
 * replaces nothing twice and leaves operators' own rows alone.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const generatedId = db.getExecutor().adapter instanceof PostgresAdapter ? 'serial' : 'integer';

  await db.schema
    .createTable('article_columns')
    .addColumn('id', generatedId, (column) => column.primaryKey())
    .addColumn('source_key', 'varchar(64)', (column) => column.notNull().unique())
    .addColumn('name', 'varchar(40)', (column) => column.notNull())
    .addColumn('author', 'varchar(40)', (column) => column.notNull())
    .addColumn('intro', 'varchar(400)', (column) => column.notNull())
    .addColumn('cover', 'varchar(400)')
    .addColumn('demo', 'integer', (column) => column.notNull())
    .addColumn('created_at', 'varchar(32)', (column) => column.notNull())
    .execute();

  await db.schema
    .createTable('articles')
    .addColumn('id', generatedId, (column) => column.primaryKey())
    .addColumn('source_key', 'varchar(64)', (column) => column.notNull().unique())
    .addColumn('column_id', 'integer', (column) => column.notNull().references('article_columns.id'))
    .addColumn('author', 'varchar(40)', (column) => column.notNull())
    .addColumn('title', 'varchar(120)', (column) => column.notNull())
    .addColumn('summary', 'varchar(400)', (column) => column.notNull())
    .addColumn('cover', 'varchar(400)')
    // Sanitised rich text (platform/rich-text.ts); nothing unsanitised is ever stored here.
    .addColumn('body', 'text', (column) => column.notNull())
    .addColumn('tags_json', 'varchar(400)', (column) => column.notNull())
    .addColumn('instruments_json', 'varchar(2000)', (column) => column.notNull())
    .addColumn('read_count', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('published_at', 'varchar(32)', (column) => column.notNull())
    .addColumn('demo', 'integer', (column) => column.notNull())
    .execute();
  await db.schema.createIndex('articles_column').on('articles').columns(['column_id', 'id']).execute();

  // One row per tag, so a tag filter pages by index like the plain list.
  await db.schema
    .createTable('article_tags')
    .addColumn('article_id', 'integer', (column) => column.notNull().references('articles.id'))
    .addColumn('tag', 'varchar(20)', (column) => column.notNull())
    .addPrimaryKeyConstraint('article_tags_pk', ['tag', 'article_id'])
    .execute();

  // Who has read an article: a reading counts once per reader (a user, or a visitor's client).
  await db.schema
    .createTable('article_reads')
    .addColumn('article_id', 'integer', (column) => column.notNull().references('articles.id'))
    .addColumn('reader', 'varchar(80)', (column) => column.notNull())
    .addColumn('read_at', 'varchar(32)', (column) => column.notNull())
    .addPrimaryKeyConstraint('article_reads_pk', ['article_id', 'reader'])
    .execute();

  await db.schema
    .createTable('papers')
    .addColumn('id', generatedId, (column) => column.primaryKey())
    .addColumn('kind', 'varchar(8)', (column) => column.notNull())
    .addColumn('date', 'varchar(10)', (column) => column.notNull())
    .addColumn('title', 'varchar(120)', (column) => column.notNull())
    .addColumn('sections_json', 'text', (column) => column.notNull())
    .addColumn('figures_json', 'text', (column) => column.notNull())
    .addColumn('published_at', 'varchar(32)', (column) => column.notNull())
    .addColumn('demo', 'integer', (column) => column.notNull())
    .addUniqueConstraint('papers_kind_date', ['kind', 'date'])
    .execute();

  await db.schema
    .createTable('banners')
    .addColumn('id', generatedId, (column) => column.primaryKey())
    .addColumn('source_key', 'varchar(64)', (column) => column.notNull().unique())
    .addColumn('title', 'varchar(60)', (column) => column.notNull())
    .addColumn('image', 'varchar(400)', (column) => column.notNull())
    .addColumn('link', 'varchar(400)', (column) => column.notNull())
    .addColumn('sort_order', 'integer', (column) => column.notNull())
    .addColumn('starts_at', 'varchar(32)')
    .addColumn('ends_at', 'varchar(32)')
    .addColumn('body', 'text', (column) => column.notNull())
    .addColumn('demo', 'integer', (column) => column.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['banners', 'papers', 'article_reads', 'article_tags', 'articles', 'article_columns'])
    await db.schema.dropTable(table).execute();
}
