import { type Kysely, PostgresAdapter } from 'kysely';

/**
 * 投资课堂 (contract course.ts): courses, their chapters and exercise questions, each reader's
 * progress per chapter, and certificates. Portable like 0014: timestamps ISO-8601 text, flags 0/1
 * integers, lists (a question's options and answer) JSON text.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const generatedId = db.getExecutor().adapter instanceof PostgresAdapter ? 'serial' : 'integer';

  await db.schema
    .createTable('courses')
    .addColumn('id', generatedId, (column) => column.primaryKey())
    // A stable name for seeded content, so content can be matched without relying on ids.
    .addColumn('slug', 'varchar(64)', (column) => column.notNull().unique())
    .addColumn('title', 'varchar(64)', (column) => column.notNull())
    .addColumn('subtitle', 'varchar(128)', (column) => column.notNull())
    .addColumn('intro', 'text', (column) => column.notNull())
    .addColumn('outcomes', 'text', (column) => column.notNull())
    .addColumn('type', 'varchar(16)', (column) => column.notNull())
    .addColumn('access', 'varchar(8)', (column) => column.notNull())
    .addColumn('sort_order', 'integer', (column) => column.notNull())
    .addColumn('demo', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(32)', (column) => column.notNull())
    .execute();

  await db.schema
    .createTable('course_chapters')
    .addColumn('id', generatedId, (column) => column.primaryKey())
    .addColumn('course_id', 'integer', (column) => column.notNull().references('courses.id'))
    .addColumn('sort_order', 'integer', (column) => column.notNull())
    .addColumn('title', 'varchar(64)', (column) => column.notNull())
    .addColumn('summary', 'varchar(256)', (column) => column.notNull())
    // Sanitised rich text, stored as the sanitiser returned it.
    .addColumn('body', 'text', (column) => column.notNull())
    .addColumn('read_minutes', 'integer', (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('course_chapters_course')
    .on('course_chapters')
    .columns(['course_id', 'sort_order'])
    .execute();

  await db.schema
    .createTable('course_questions')
    .addColumn('id', generatedId, (column) => column.primaryKey())
    .addColumn('chapter_id', 'integer', (column) => column.notNull().references('course_chapters.id'))
    .addColumn('sort_order', 'integer', (column) => column.notNull())
    .addColumn('kind', 'varchar(8)', (column) => column.notNull())
    .addColumn('stem', 'text', (column) => column.notNull())
    // JSON: [{ key: 'A', text: '…' }, …]
    .addColumn('options', 'text', (column) => column.notNull())
    // JSON: ['A', 'C'], sorted.
    .addColumn('answer', 'text', (column) => column.notNull())
    .addColumn('explanation', 'text', (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('course_questions_chapter')
    .on('course_questions')
    .columns(['chapter_id', 'sort_order'])
    .execute();

  // One row per reader and chapter: the primary key makes progress writes upserts.
  await db.schema
    .createTable('course_progress')
    .addColumn('user_id', 'integer', (column) => column.notNull().references('users.id'))
    .addColumn('chapter_id', 'integer', (column) => column.notNull().references('course_chapters.id'))
    .addColumn('course_id', 'integer', (column) => column.notNull())
    .addColumn('read_percent', 'integer', (column) => column.notNull().defaultTo(0))
    // Null before the first submission.
    .addColumn('best_score', 'integer')
    .addColumn('passed', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('updated_at', 'varchar(32)', (column) => column.notNull())
    .addPrimaryKeyConstraint('course_progress_pk', ['user_id', 'chapter_id'])
    .execute();
  await db.schema
    .createIndex('course_progress_course')
    .on('course_progress')
    .columns(['course_id', 'user_id'])
    .execute();

  await db.schema
    .createTable('course_certificates')
    .addColumn('user_id', 'integer', (column) => column.notNull().references('users.id'))
    .addColumn('course_id', 'integer', (column) => column.notNull().references('courses.id'))
    .addColumn('certificate_no', 'varchar(32)', (column) => column.notNull().unique())
    // The name at issue: a certificate does not change when the nickname does.
    .addColumn('user_name', 'varchar(64)', (column) => column.notNull())
    .addColumn('issued_at', 'varchar(32)', (column) => column.notNull())
    .addPrimaryKeyConstraint('course_certificates_pk', ['user_id', 'course_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('course_certificates').execute();
  await db.schema.dropTable('course_progress').execute();
  await db.schema.dropTable('course_questions').execute();
  await db.schema.dropTable('course_chapters').execute();
  await db.schema.dropTable('courses').execute();
}
