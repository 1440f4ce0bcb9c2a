import { type Kysely, PostgresAdapter } from 'kysely';

/**
 * Comments with their likes, reports and the messages they make; questions and answers; feedback;
 * uploaded objects (issue 17; contract community.ts). Portable like 0010: timestamps ISO-8601 text,
 * flags 0/1 integers, lists JSON text. A thread is named by a string key (`article:12`), so
 * comments need no table of what they hang on.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const generatedId = db.getExecutor().adapter instanceof PostgresAdapter ? 'serial' : 'integer';

  await db.schema
    .createTable('comments')
    .addColumn('id', generatedId, (column) => column.primaryKey())
    .addColumn('thread_key', 'varchar(96)', (column) => column.notNull())
    // Replies sit one level deep: parent_id is the top-level comment, reply_to_user_id whom they answer.
    .addColumn('parent_id', 'integer')
    .addColumn('reply_to_user_id', 'integer')
    .addColumn('user_id', 'integer', (column) => column.notNull().references('users.id'))
    .addColumn('content', 'text', (column) => column.notNull())
    .addColumn('like_count', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('reply_count', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('report_count', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('hidden', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(32)', (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('comments_thread')
    .on('comments')
    .columns(['thread_key', 'parent_id', 'id'])
    .execute();

  // One like and one report per user and comment: the primary keys make both idempotent.
  await db.schema
    .createTable('comment_likes')
    .addColumn('comment_id', 'integer', (column) => column.notNull())
    .addColumn('user_id', 'integer', (column) => column.notNull())
    .addColumn('created_at', 'varchar(32)', (column) => column.notNull())
    .addPrimaryKeyConstraint('comment_likes_pk', ['comment_id', 'user_id'])
    .execute();
  await db.schema
    .createTable('comment_reports')
    .addColumn('comment_id', 'integer', (column) => column.notNull())
    .addColumn('user_id', 'integer', (column) => column.notNull())
    .addColumn('reason', 'varchar(16)', (column) => column.notNull())
    .addColumn('created_at', 'varchar(32)', (column) => column.notNull())
    .addPrimaryKeyConstraint('comment_reports_pk', ['comment_id', 'user_id'])
    .execute();

  await db.schema
    .createTable('comment_messages')
    .addColumn('id', generatedId, (column) => column.primaryKey())
    .addColumn('user_id', 'integer', (column) => column.notNull().references('users.id'))
    .addColumn('kind', 'varchar(8)', (column) => column.notNull())
    .addColumn('comment_id', 'integer', (column) => column.notNull())
    .addColumn('thread_key', 'varchar(96)', (column) => column.notNull())
    .addColumn('from_user_id', 'integer', (column) => column.notNull())
    .addColumn('excerpt', 'varchar(128)', (column) => column.notNull())
    .addColumn('read_at', 'varchar(32)')
    .addColumn('created_at', 'varchar(32)', (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('comment_messages_user')
    .on('comment_messages')
    .columns(['user_id', 'id'])
    .execute();

  await db.schema
    .createTable('questions')
    .addColumn('id', generatedId, (column) => column.primaryKey())
    // Null for demo questions (演示数据), which have an author name and no account.
    .addColumn('user_id', 'integer')
    .addColumn('author_name', 'varchar(64)', (column) => column.notNull())
    .addColumn('title', 'varchar(128)', (column) => column.notNull())
    .addColumn('content', 'text', (column) => column.notNull())
    .addColumn('topic', 'varchar(16)', (column) => column.notNull())
    .addColumn('code', 'varchar(20)')
    .addColumn('answer_count', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('demo', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(32)', (column) => column.notNull())
    .execute();
  await db.schema
    .createTable('answers')
    .addColumn('id', generatedId, (column) => column.primaryKey())
    .addColumn('question_id', 'integer', (column) => column.notNull())
    .addColumn('user_id', 'integer')
    .addColumn('author_name', 'varchar(64)', (column) => column.notNull())
    .addColumn('content', 'text', (column) => column.notNull())
    .addColumn('demo', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(32)', (column) => column.notNull())
    .execute();
  await db.schema.createIndex('answers_question').on('answers').columns(['question_id', 'id']).execute();

  await db.schema
    .createTable('feedback')
    .addColumn('id', generatedId, (column) => column.primaryKey())
    .addColumn('user_id', 'integer', (column) => column.notNull().references('users.id'))
    .addColumn('content', 'text', (column) => column.notNull())
    .addColumn('contact', 'varchar(64)')
    .addColumn('images', 'text', (column) => column.notNull())
    .addColumn('app_version', 'varchar(32)')
    .addColumn('status', 'varchar(16)', (column) => column.notNull())
    .addColumn('reply', 'text')
    .addColumn('created_at', 'varchar(32)', (column) => column.notNull())
    .addColumn('updated_at', 'varchar(32)', (column) => column.notNull())
    .execute();

  // A signed upload: whose it is, so an object can only be attached by the user who uploaded it.
  await db.schema
    .createTable('uploads')
    .addColumn('key', 'varchar(160)', (column) => column.primaryKey())
    .addColumn('user_id', 'integer', (column) => column.notNull().references('users.id'))
    .addColumn('kind', 'varchar(8)', (column) => column.notNull())
    .addColumn('purpose', 'varchar(16)', (column) => column.notNull())
    .addColumn('created_at', 'varchar(32)', (column) => column.notNull())
    .addColumn('expires_at', 'varchar(32)', (column) => column.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'uploads',
    'feedback',
    'answers',
    'questions',
    'comment_messages',
    'comment_reports',
    'comment_likes',
    'comments',
  ])
    await db.schema.dropTable(table).execute();
}
