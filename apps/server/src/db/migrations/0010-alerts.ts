import { type Kysely, PostgresAdapter } from 'kysely';

/**
 * Price alerts and the message box (issue 16 items 3–4; contract alert.ts), and the quiet hours of
 * the push settings (push_settings and user_switches hold the switches since 0002). Portable like
 * 0002: timestamps ISO-8601 text, flags 0/1 integers, thresholds double precision.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const generatedId = db.getExecutor().adapter instanceof PostgresAdapter ? 'serial' : 'integer';

  // One alert of each kind per user and instrument: setting a kind again changes it.
  await db.schema
    .createTable('price_alerts')
    .addColumn('id', generatedId, (column) => column.primaryKey())
    .addColumn('user_id', 'integer', (column) => column.notNull().references('users.id'))
    .addColumn('code', 'varchar(20)', (column) => column.notNull())
    .addColumn('kind', 'varchar(24)', (column) => column.notNull())
    .addColumn('value', 'double precision', (column) => column.notNull())
    .addColumn('frequency', 'varchar(8)', (column) => column.notNull())
    .addColumn('enabled', 'integer', (column) => column.notNull())
    // Counts firings: a firing claims the alert by raising it from the count it read, so two
    // instances judging the same tick deliver it once.
    .addColumn('fire_count', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('last_fired_at', 'varchar(32)')
    .addColumn('created_at', 'varchar(32)', (column) => column.notNull())
    .addColumn('updated_at', 'varchar(32)', (column) => column.notNull())
    .addUniqueConstraint('price_alerts_user_code_kind', ['user_id', 'code', 'kind'])
    .execute();

  await db.schema
    .createTable('alert_messages')
    .addColumn('id', generatedId, (column) => column.primaryKey())
    .addColumn('user_id', 'integer', (column) => column.notNull().references('users.id'))
    .addColumn('category', 'varchar(8)', (column) => column.notNull())
    .addColumn('alert_id', 'integer')
    .addColumn('code', 'varchar(20)')
    .addColumn('kind', 'varchar(24)')
    .addColumn('title', 'varchar(128)', (column) => column.notNull())
    .addColumn('body', 'varchar(512)', (column) => column.notNull())
    .addColumn('price', 'double precision')
    .addColumn('fired_at', 'varchar(32)', (column) => column.notNull())
    .addColumn('read_at', 'varchar(32)')
    .execute();
  await db.schema
    .createIndex('alert_messages_user_time')
    .on('alert_messages')
    .columns(['user_id', 'fired_at'])
    .execute();

  await db.schema
    .createTable('quiet_hours')
    .addColumn('user_id', 'integer', (column) => column.primaryKey().references('users.id'))
    .addColumn('enabled', 'integer', (column) => column.notNull())
    .addColumn('start_time', 'varchar(5)', (column) => column.notNull())
    .addColumn('end_time', 'varchar(5)', (column) => column.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('quiet_hours').execute();
  await db.schema.dropTable('alert_messages').execute();
  await db.schema.dropTable('price_alerts').execute();
}
