import { type Kysely, PostgresAdapter } from 'kysely';

/**
 * Users, sessions and the shell's platform calls (issue 3, spec 1 §3–§4 and §7). Portable like 0001:
 * timestamps are ISO-8601 text, flags are 0/1 integers. Generated ids need a different column type
 * per database (`integer primary key` is SQLite's auto-numbered rowid; PostgreSQL needs `serial`).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const generatedId = db.getExecutor().adapter instanceof PostgresAdapter ? 'serial' : 'integer';

  await db.schema
    .createTable('users')
    .addColumn('id', generatedId, (column) => column.primaryKey())
    .addColumn('nickname', 'varchar(32)', (column) => column.notNull())
    .addColumn('avatar', 'varchar(512)', (column) => column.notNull().defaultTo(''))
    // Unique columns allow many NULLs on both databases: a user may have none of these identities.
    .addColumn('phone', 'varchar(16)', (column) => column.unique())
    .addColumn('wechat_openid', 'varchar(64)', (column) => column.unique())
    .addColumn('partner_user_key', 'varchar(128)', (column) => column.unique())
    .addColumn('vip_type', 'integer', (column) => column.notNull().defaultTo(0))
    // NULL means the batch derived from the id; operators may pin a user to a batch.
    .addColumn('ab_test_batch_no', 'varchar(16)')
    .addColumn('disabled', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('created_at', 'varchar(32)', (column) => column.notNull())
    .execute();

  // One row per login; the JWT's jti names it, so ending the row revokes the token.
  await db.schema
    .createTable('sessions')
    .addColumn('id', 'varchar(36)', (column) => column.primaryKey())
    .addColumn('user_id', 'integer', (column) => column.notNull().references('users.id'))
    .addColumn('device_kind', 'varchar(16)', (column) => column.notNull())
    .addColumn('created_at', 'varchar(32)', (column) => column.notNull())
    .addColumn('expires_at', 'varchar(32)', (column) => column.notNull())
    .addColumn('ended_at', 'varchar(32)')
    .addColumn('end_reason', 'varchar(16)')
    .execute();
  await db.schema
    .createIndex('sessions_user_device')
    .on('sessions')
    .columns(['user_id', 'device_kind', 'ended_at'])
    .execute();

  // One row per code sent. Only an HMAC of the code is kept.
  await db.schema
    .createTable('sms_codes')
    .addColumn('id', generatedId, (column) => column.primaryKey())
    .addColumn('phone', 'varchar(16)', (column) => column.notNull())
    .addColumn('code_hash', 'varchar(64)', (column) => column.notNull())
    .addColumn('ip', 'varchar(64)', (column) => column.notNull())
    .addColumn('sent_at', 'varchar(32)', (column) => column.notNull())
    .addColumn('expires_at', 'varchar(32)', (column) => column.notNull())
    .addColumn('attempts', 'integer', (column) => column.notNull().defaultTo(0))
    .addColumn('locked_until', 'varchar(32)')
    .addColumn('consumed_at', 'varchar(32)')
    .execute();
  await db.schema.createIndex('sms_codes_phone').on('sms_codes').columns(['phone', 'sent_at']).execute();
  await db.schema.createIndex('sms_codes_ip').on('sms_codes').columns(['ip', 'sent_at']).execute();

  await db.schema
    .createTable('push_settings')
    .addColumn('user_id', 'integer', (column) => column.notNull().references('users.id'))
    .addColumn('key', 'varchar(32)', (column) => column.notNull())
    .addColumn('enabled', 'integer', (column) => column.notNull())
    .addPrimaryKeyConstraint('push_settings_pk', ['user_id', 'key'])
    .execute();

  await db.schema
    .createTable('user_switches')
    .addColumn('user_id', 'integer', (column) => column.notNull().references('users.id'))
    .addColumn('key', 'varchar(32)', (column) => column.notNull())
    .addColumn('enabled', 'integer', (column) => column.notNull())
    .addPrimaryKeyConstraint('user_switches_pk', ['user_id', 'key'])
    .execute();

  await db.schema
    .createTable('page_views')
    .addColumn('id', generatedId, (column) => column.primaryKey())
    .addColumn('user_id', 'integer')
    .addColumn('path', 'varchar(512)', (column) => column.notNull())
    .addColumn('query', 'varchar(2048)', (column) => column.notNull())
    .addColumn('device_kind', 'varchar(16)', (column) => column.notNull())
    .addColumn('created_at', 'varchar(32)', (column) => column.notNull())
    .execute();

  await db.schema
    .createTable('error_reports')
    .addColumn('id', generatedId, (column) => column.primaryKey())
    .addColumn('user_id', 'integer')
    .addColumn('device', 'varchar(256)', (column) => column.notNull())
    .addColumn('service', 'varchar(64)', (column) => column.notNull())
    .addColumn('container', 'varchar(16)', (column) => column.notNull())
    .addColumn('env', 'varchar(32)', (column) => column.notNull())
    .addColumn('path_name', 'varchar(512)', (column) => column.notNull())
    .addColumn('is_white', 'integer', (column) => column.notNull())
    .addColumn('error_msg', 'text', (column) => column.notNull())
    .addColumn('ip', 'varchar(64)', (column) => column.notNull())
    .addColumn('created_at', 'varchar(32)', (column) => column.notNull())
    .execute();

  await db.schema
    .createTable('events')
    .addColumn('id', generatedId, (column) => column.primaryKey())
    .addColumn('user_id', 'integer', (column) => column.notNull().references('users.id'))
    .addColumn('event_name', 'varchar(64)', (column) => column.notNull())
    // event_ext1..5 as a JSON array of strings.
    .addColumn('ext_json', 'text', (column) => column.notNull())
    .addColumn('app_version', 'varchar(32)')
    .addColumn('container', 'varchar(16)', (column) => column.notNull())
    .addColumn('env', 'varchar(32)', (column) => column.notNull())
    .addColumn('created_at', 'varchar(32)', (column) => column.notNull())
    .execute();

  await db.schema
    .createTable('test_tokens')
    .addColumn('token', 'varchar(128)', (column) => column.primaryKey())
    .addColumn('user_id', 'integer', (column) => column.notNull().references('users.id'))
    .addColumn('created_at', 'varchar(32)', (column) => column.notNull())
    .execute();

  // Daily points check-in (spec 1 §2 integral prompt); `date` is the Asia/Shanghai day, YYYY-MM-DD.
  await db.schema
    .createTable('check_ins')
    .addColumn('user_id', 'integer', (column) => column.notNull().references('users.id'))
    .addColumn('date', 'varchar(10)', (column) => column.notNull())
    .addColumn('created_at', 'varchar(32)', (column) => column.notNull())
    .addPrimaryKeyConstraint('check_ins_pk', ['user_id', 'date'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'check_ins',
    'test_tokens',
    'events',
    'error_reports',
    'page_views',
    'user_switches',
    'push_settings',
    'sms_codes',
    'sessions',
    'users',
  ]) {
    await db.schema.dropTable(table).execute();
  }
}
