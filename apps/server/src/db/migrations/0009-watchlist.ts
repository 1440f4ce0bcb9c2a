import { type Kysely, PostgresAdapter } from 'kysely';

/**
 * The watchlist (issue 16 item 1; contract watchlist.ts): groups per user, items (an instrument in a
 * group, with its place and pin), what belongs to the instrument whatever its group (remark, date
 * and price when added, holding), the column and K-line settings, and screenshots waiting to be
 * read. Portable like 0002: timestamps are ISO-8601 text, generated ids serial on PostgreSQL.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const generatedId = db.getExecutor().adapter instanceof PostgresAdapter ? 'serial' : 'integer';

  await db.schema
    .createTable('watchlist_groups')
    .addColumn('id', generatedId, (column) => column.primaryKey())
    .addColumn('user_id', 'integer', (column) => column.notNull().references('users.id'))
    .addColumn('name', 'varchar(32)', (column) => column.notNull())
    // default, user or strategy (contract groupKinds).
    .addColumn('kind', 'varchar(16)', (column) => column.notNull())
    .addColumn('position', 'integer', (column) => column.notNull())
    // Raised by every write of the user's watchlist on the default group's row: the write takes that
    // row's lock first, so two devices' writes run one after the other on PostgreSQL as on SQLite.
    .addColumn('version', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(32)', (column) => column.notNull())
    .execute();
  // One default group per user (its name is fixed), and no two groups of a kind with one name.
  await db.schema
    .createIndex('watchlist_groups_user_name')
    .on('watchlist_groups')
    .columns(['user_id', 'kind', 'name'])
    .unique()
    .execute();

  await db.schema
    .createTable('watchlist_items')
    .addColumn('group_id', 'integer', (column) =>
      column.notNull().references('watchlist_groups.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'integer', (column) => column.notNull())
    .addColumn('code', 'varchar(16)', (column) => column.notNull())
    // Ascending within the group; new items take a place above the first.
    .addColumn('position', 'integer', (column) => column.notNull())
    // Pinned items come first, the most recently pinned on top; null when not pinned.
    .addColumn('pinned_at', 'varchar(32)')
    .addPrimaryKeyConstraint('watchlist_items_pk', ['group_id', 'code'])
    .execute();
  await db.schema
    .createIndex('watchlist_items_user_code')
    .on('watchlist_items')
    .columns(['user_id', 'code'])
    .execute();

  await db.schema
    .createTable('watchlist_instruments')
    .addColumn('user_id', 'integer', (column) => column.notNull().references('users.id'))
    .addColumn('code', 'varchar(16)', (column) => column.notNull())
    .addColumn('remark', 'varchar(100)', (column) => column.notNull().defaultTo(''))
    .addColumn('added_at', 'varchar(32)', (column) => column.notNull())
    .addColumn('added_price', 'double precision')
    .addColumn('shares', 'double precision')
    .addColumn('cost', 'double precision')
    .addPrimaryKeyConstraint('watchlist_instruments_pk', ['user_id', 'code'])
    .execute();

  await db.schema
    .createTable('watchlist_settings')
    .addColumn('user_id', 'integer', (column) => column.notNull().references('users.id'))
    // columns (沪深), columnsHk (港股) or kline.
    .addColumn('kind', 'varchar(16)', (column) => column.notNull())
    .addColumn('value', 'text', (column) => column.notNull())
    .addColumn('updated_at', 'varchar(32)', (column) => column.notNull())
    .addPrimaryKeyConstraint('watchlist_settings_pk', ['user_id', 'kind'])
    .execute();

  // A screenshot between its upload and its reading (imgUpload → imgToStocks), kept an hour.
  await db.schema
    .createTable('watchlist_uploads')
    .addColumn('id', 'varchar(36)', (column) => column.primaryKey())
    .addColumn('user_id', 'integer', (column) => column.notNull().references('users.id'))
    .addColumn('image', 'text', (column) => column.notNull())
    .addColumn('created_at', 'varchar(32)', (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('watchlist_uploads_created')
    .on('watchlist_uploads')
    .columns(['created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('watchlist_uploads').execute();
  await db.schema.dropTable('watchlist_settings').execute();
  await db.schema.dropTable('watchlist_instruments').execute();
  await db.schema.dropTable('watchlist_items').execute();
  await db.schema.dropTable('watchlist_groups').execute();
}
