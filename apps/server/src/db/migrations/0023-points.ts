import { type Kysely, PostgresAdapter } from 'kysely';

/**
 * 积分 (contract points.ts): each user's balance, the ledger of every movement, the shop's goods,
 * the exchanges with their delivery, and saved delivery addresses. The daily check-in itself stays
 * in check_ins (0002). Portable like 0002: timestamps are ISO-8601 text, generated ids serial on
 * PostgreSQL.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const generatedId = db.getExecutor().adapter instanceof PostgresAdapter ? 'serial' : 'integer';

  // One row per user who has ever earned; every write of a user's points first raises `version`
  // on this row, so two writes of one user run one after the other on PostgreSQL as on SQLite.
  await db.schema
    .createTable('point_accounts')
    .addColumn('user_id', 'integer', (column) => column.primaryKey().references('users.id'))
    .addColumn('balance', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('version', 'integer', (column) => column.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('point_ledger')
    .addColumn('id', generatedId, (column) => column.primaryKey())
    .addColumn('user_id', 'integer', (column) => column.notNull().references('users.id'))
    // Positive when earned, negative when spent.
    .addColumn('amount', 'integer', (column) => column.notNull())
    // checkIn, task or exchange (contract ledgerReasons).
    .addColumn('reason', 'varchar(16)', (column) => column.notNull())
    .addColumn('title', 'varchar(64)', (column) => column.notNull())
    // What the entry is for (checkIn:2026-03-02, task:bindPhone, exchange:12): unique per user, so
    // the same reward can never be credited twice, whatever races.
    .addColumn('ref', 'varchar(64)', (column) => column.notNull())
    .addColumn('created_at', 'varchar(32)', (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('point_ledger_user_ref')
    .on('point_ledger')
    .columns(['user_id', 'ref'])
    .unique()
    .execute();

  await db.schema
    .createTable('point_goods')
    .addColumn('id', generatedId, (column) => column.primaryKey())
    .addColumn('name', 'varchar(64)', (column) => column.notNull())
    .addColumn('description', 'varchar(255)', (column) => column.notNull())
    .addColumn('image', 'varchar(255)', (column) => column.notNull())
    .addColumn('price', 'integer', (column) => column.notNull())
    .addColumn('stock', 'integer', (column) => column.notNull())
    .addColumn('per_user_limit', 'integer', (column) => column.notNull())
    .addColumn('position', 'integer', (column) => column.notNull())
    .addColumn('active', 'integer', (column) => column.notNull().defaultTo(1))
    // 1 for the goods the demo seed put into an empty shop.
    .addColumn('demo', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(32)', (column) => column.notNull())
    .execute();

  await db.schema
    .createTable('express_addresses')
    .addColumn('id', generatedId, (column) => column.primaryKey())
    .addColumn('user_id', 'integer', (column) => column.notNull().references('users.id'))
    .addColumn('name', 'varchar(32)', (column) => column.notNull())
    .addColumn('phone', 'varchar(16)', (column) => column.notNull())
    .addColumn('region', 'varchar(64)', (column) => column.notNull())
    .addColumn('detail', 'varchar(160)', (column) => column.notNull())
    .addColumn('created_at', 'varchar(32)', (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('express_addresses_user')
    .on('express_addresses')
    .columns(['user_id', 'id'])
    .execute();

  await db.schema
    .createTable('point_exchanges')
    .addColumn('id', generatedId, (column) => column.primaryKey())
    .addColumn('user_id', 'integer', (column) => column.notNull().references('users.id'))
    .addColumn('good_id', 'integer', (column) => column.notNull().references('point_goods.id'))
    .addColumn('good_name', 'varchar(64)', (column) => column.notNull())
    .addColumn('image', 'varchar(255)', (column) => column.notNull())
    .addColumn('points', 'integer', (column) => column.notNull())
    .addColumn('request_key', 'varchar(64)', (column) => column.notNull())
    // The address as it was when exchanged: a later address must not move a parcel in transit.
    .addColumn('receiver_name', 'varchar(32)', (column) => column.notNull())
    .addColumn('receiver_phone', 'varchar(16)', (column) => column.notNull())
    .addColumn('address', 'varchar(255)', (column) => column.notNull())
    // pending, shipped or delivered (contract deliveryStatuses).
    .addColumn('status', 'varchar(16)', (column) => column.notNull())
    // The logistics partner's id once the order was handed over; null until then.
    .addColumn('shipment_id', 'varchar(64)')
    .addColumn('carrier', 'varchar(32)')
    .addColumn('tracking_no', 'varchar(64)')
    .addColumn('created_at', 'varchar(32)', (column) => column.notNull())
    .addColumn('shipped_at', 'varchar(32)')
    .addColumn('delivered_at', 'varchar(32)')
    .execute();
  await db.schema
    .createIndex('point_exchanges_user_key')
    .on('point_exchanges')
    .columns(['user_id', 'request_key'])
    .unique()
    .execute();
  await db.schema
    .createIndex('point_exchanges_status')
    .on('point_exchanges')
    .columns(['status', 'id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('point_exchanges').execute();
  await db.schema.dropTable('express_addresses').execute();
  await db.schema.dropTable('point_goods').execute();
  await db.schema.dropTable('point_ledger').execute();
  await db.schema.dropTable('point_accounts').execute();
}
