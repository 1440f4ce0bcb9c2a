import { type Kysely, PostgresAdapter } from 'kysely';

/**
 * 会员 (contract member.ts): the membership's end on the user, the goods, the coupon rules and
 * coupons, and the orders. Portable like 0002: timestamps ISO-8601 text, money integer fen, lists
 * JSON text, flags 0/1 integers.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const generatedId = db.getExecutor().adapter instanceof PostgresAdapter ? 'serial' : 'integer';

  // users.vip_type stays the level; vip_expires_at says until when it holds (null: no end, as for
  // a level operators set by hand). trial_claimed_at marks the one free trial as taken.
  await db.schema.alterTable('users').addColumn('vip_expires_at', 'varchar(32)').execute();
  await db.schema.alterTable('users').addColumn('trial_claimed_at', 'varchar(32)').execute();

  await db.schema
    .createTable('member_goods')
    .addColumn('id', 'integer', (column) => column.primaryKey())
    .addColumn('name', 'varchar(32)', (column) => column.notNull())
    .addColumn('vip_type', 'integer', (column) => column.notNull())
    .addColumn('days', 'integer', (column) => column.notNull())
    .addColumn('price', 'integer', (column) => column.notNull())
    .addColumn('original_price', 'integer', (column) => column.notNull())
    .addColumn('tag', 'varchar(16)')
    .addColumn('recommended', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('benefits', 'text', (column) => column.notNull())
    .addColumn('sort_order', 'integer', (column) => column.notNull())
    .addColumn('on_sale', 'integer', (column) => column.notNull().defaultTo(1))
    .execute();

  // Rules that grant coupons by themselves (trigger 'first-visit': the 新人券).
  await db.schema
    .createTable('member_coupon_rules')
    .addColumn('key', 'varchar(32)', (column) => column.primaryKey())
    .addColumn('name', 'varchar(32)', (column) => column.notNull())
    .addColumn('trigger', 'varchar(16)', (column) => column.notNull())
    .addColumn('amount', 'integer', (column) => column.notNull())
    .addColumn('min_amount', 'integer', (column) => column.notNull())
    .addColumn('good_ids', 'text')
    .addColumn('valid_days', 'integer', (column) => column.notNull())
    .addColumn('active', 'integer', (column) => column.notNull().defaultTo(1))
    .execute();

  await db.schema
    .createTable('member_coupons')
    .addColumn('id', generatedId, (column) => column.primaryKey())
    .addColumn('user_id', 'integer', (column) => column.notNull().references('users.id'))
    .addColumn('name', 'varchar(32)', (column) => column.notNull())
    .addColumn('amount', 'integer', (column) => column.notNull())
    .addColumn('min_amount', 'integer', (column) => column.notNull())
    .addColumn('good_ids', 'text')
    // The rule or campaign that granted it; one coupon per user and source.
    .addColumn('source', 'varchar(48)', (column) => column.notNull())
    .addColumn('valid_from', 'varchar(32)', (column) => column.notNull())
    .addColumn('valid_until', 'varchar(32)', (column) => column.notNull())
    .addColumn('used_at', 'varchar(32)')
    .addColumn('order_id', 'integer')
    .addColumn('seen_at', 'varchar(32)')
    .addColumn('created_at', 'varchar(32)', (column) => column.notNull())
    .addUniqueConstraint('member_coupons_user_source', ['user_id', 'source'])
    .execute();

  await db.schema
    .createTable('member_orders')
    .addColumn('id', generatedId, (column) => column.primaryKey())
    .addColumn('order_no', 'varchar(32)', (column) => column.notNull().unique())
    .addColumn('user_id', 'integer', (column) => column.notNull().references('users.id'))
    .addColumn('good_id', 'integer', (column) => column.notNull())
    .addColumn('good_name', 'varchar(32)', (column) => column.notNull())
    .addColumn('vip_type', 'integer', (column) => column.notNull())
    .addColumn('days', 'integer', (column) => column.notNull())
    .addColumn('original_amount', 'integer', (column) => column.notNull())
    .addColumn('discount', 'integer', (column) => column.notNull())
    .addColumn('amount', 'integer', (column) => column.notNull())
    .addColumn('coupon_id', 'integer')
    .addColumn('coupon_name', 'varchar(32)')
    .addColumn('channel', 'varchar(8)', (column) => column.notNull())
    .addColumn('status', 'varchar(8)', (column) => column.notNull())
    // `user:good` while pending, null after: unique, so a double tap cannot open two pending orders.
    .addColumn('pending_key', 'varchar(32)', (column) => column.unique())
    .addColumn('payment_launch', 'text')
    .addColumn('transaction_id', 'varchar(64)')
    .addColumn('created_at', 'varchar(32)', (column) => column.notNull())
    .addColumn('pay_before', 'varchar(32)', (column) => column.notNull())
    .addColumn('paid_at', 'varchar(32)')
    .addColumn('closed_at', 'varchar(32)')
    .addColumn('membership_until', 'varchar(32)')
    .execute();
  await db.schema
    .createIndex('member_orders_user_time')
    .on('member_orders')
    .columns(['user_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('member_orders').execute();
  await db.schema.dropTable('member_coupons').execute();
  await db.schema.dropTable('member_coupon_rules').execute();
  await db.schema.dropTable('member_goods').execute();
  await db.schema.alterTable('users').dropColumn('trial_claimed_at').execute();
  await db.schema.alterTable('users').dropColumn('vip_expires_at').execute();
}
