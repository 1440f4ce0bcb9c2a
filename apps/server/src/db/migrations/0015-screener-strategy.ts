import { type Kysely, PostgresAdapter } from 'kysely';

/**
 * Saved strategies and what changed in them (issue 18 items 4–5; contract screener-strategy.ts).
 * One table holds stock and fund strategies (`kind`), the house ones without a user (`house_key`
 * names them, so the shipped list is written again without doubling). A strategy's current results
 * are its holdings (since the day each code entered); each close's entries and exits are its
 * changes; what a user has seen of a strategy's changes is a day per user and strategy. Portable
 * like 0010: days YYYYMMDD integers, timestamps ISO-8601 text, the conditions JSON text.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const generatedId = db.getExecutor().adapter instanceof PostgresAdapter ? 'serial' : 'integer';

  await db.schema
    .createTable('screener_strategies')
    .addColumn('id', generatedId, (column) => column.primaryKey())
    .addColumn('user_id', 'integer', (column) => column.references('users.id'))
    .addColumn('kind', 'varchar(8)', (column) => column.notNull())
    .addColumn('house_key', 'varchar(40)', (column) => column.unique())
    .addColumn('name', 'varchar(40)', (column) => column.notNull())
    .addColumn('description', 'varchar(200)', (column) => column.notNull())
    .addColumn('conditions', 'text', (column) => column.notNull())
    .addColumn('position', 'integer', (column) => column.notNull())
    .addColumn('run_day', 'integer')
    .addColumn('result_count', 'integer')
    .addColumn('created_at', 'varchar(32)', (column) => column.notNull())
    .addColumn('updated_at', 'varchar(32)', (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('screener_strategies_user_kind')
    .on('screener_strategies')
    .columns(['user_id', 'kind'])
    .execute();

  await db.schema
    .createTable('screener_strategy_holdings')
    .addColumn('strategy_id', 'integer', (column) =>
      column.notNull().references('screener_strategies.id').onDelete('cascade'),
    )
    .addColumn('code', 'varchar(20)', (column) => column.notNull())
    .addColumn('since_day', 'integer', (column) => column.notNull())
    .addPrimaryKeyConstraint('screener_strategy_holdings_pk', ['strategy_id', 'code'])
    .execute();
  await db.schema
    .createIndex('screener_strategy_holdings_code')
    .on('screener_strategy_holdings')
    .columns(['code'])
    .execute();

  await db.schema
    .createTable('screener_strategy_changes')
    .addColumn('strategy_id', 'integer', (column) =>
      column.notNull().references('screener_strategies.id').onDelete('cascade'),
    )
    .addColumn('day', 'integer', (column) => column.notNull())
    .addColumn('code', 'varchar(20)', (column) => column.notNull())
    // 'in' entered the results that day, 'out' left them.
    .addColumn('direction', 'varchar(3)', (column) => column.notNull())
    .addPrimaryKeyConstraint('screener_strategy_changes_pk', ['strategy_id', 'day', 'code'])
    .execute();

  await db.schema
    .createTable('screener_strategy_seen')
    .addColumn('user_id', 'integer', (column) => column.notNull().references('users.id'))
    .addColumn('strategy_id', 'integer', (column) =>
      column.notNull().references('screener_strategies.id').onDelete('cascade'),
    )
    .addColumn('seen_day', 'integer', (column) => column.notNull())
    .addPrimaryKeyConstraint('screener_strategy_seen_pk', ['user_id', 'strategy_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('screener_strategy_seen').execute();
  await db.schema.dropTable('screener_strategy_changes').execute();
  await db.schema.dropTable('screener_strategy_holdings').execute();
  await db.schema.dropTable('screener_strategies').execute();
}
