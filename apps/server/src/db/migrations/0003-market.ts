import type { Kysely } from 'kysely';

/**
 * The market (issue 4): instrument master, memberships, holdings, daily series and fund managers.
 * Portable like 0001: days are YYYYMMDD integers, documents are JSON text.
 *
 * Daily series are stored one row per instrument and calendar year, the rows of that year as JSON
 * (the dayKV2 row shape). Every read of a series wants whole years of one instrument (dayKV2 sends
 * the full history), so this keeps reads to a handful of rows and lets the demo market of ~600
 * instruments × 5+ years be written in seconds on both databases, where one row per bar would be
 * ~750k inserts.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('instruments')
    .addColumn('code', 'varchar(20)', (column) => column.primaryKey())
    .addColumn('name', 'varchar(64)', (column) => column.notNull())
    .addColumn('type', 'varchar(16)', (column) => column.notNull())
    // The market badge (spec 1 §2): the board for A-shares, else hk/index/etf/lof/fund.
    .addColumn('board', 'varchar(16)', (column) => column.notNull())
    // SW level-1 industry code (801080) for A-shares and SW indices.
    .addColumn('industry', 'varchar(16)')
    .addColumn('listing_day', 'integer', (column) => column.notNull())
    .addColumn('total_shares', 'double precision')
    .addColumn('float_shares', 'double precision')
    .addColumn('pinyin_initials', 'varchar(64)', (column) => column.notNull())
    .addColumn('pinyin', 'varchar(256)', (column) => column.notNull())
    .addColumn('is_st', 'integer', (column) => column.notNull().defaultTo(0))
    // Descriptive fields that differ by kind (company profile, fund terms), as a JSON document.
    .addColumn('profile', 'text', (column) => column.notNull().defaultTo('{}'))
    .execute();

  // Index constituents (broad, SW industry at every level, concept), with weights as fractions.
  await db.schema
    .createTable('index_members')
    .addColumn('index_code', 'varchar(20)', (column) => column.notNull())
    .addColumn('member_code', 'varchar(20)', (column) => column.notNull())
    .addColumn('weight', 'double precision', (column) => column.notNull())
    .addPrimaryKeyConstraint('index_members_pk', ['index_code', 'member_code'])
    .execute();
  await db.schema.createIndex('index_members_member').on('index_members').column('member_code').execute();

  // Fund and ETF holdings as of a report date; weight is a fraction of net assets.
  await db.schema
    .createTable('fund_holdings')
    .addColumn('fund_code', 'varchar(20)', (column) => column.notNull())
    .addColumn('member_code', 'varchar(20)', (column) => column.notNull())
    .addColumn('weight', 'double precision', (column) => column.notNull())
    .addColumn('report_day', 'integer', (column) => column.notNull())
    .addPrimaryKeyConstraint('fund_holdings_pk', ['fund_code', 'member_code'])
    .execute();

  // kind 'day': dayKV2 rows; kind 'nav': [day, unit NAV, accumulated NAV].
  await db.schema
    .createTable('daily_series')
    .addColumn('code', 'varchar(20)', (column) => column.notNull())
    .addColumn('kind', 'varchar(8)', (column) => column.notNull())
    .addColumn('year', 'integer', (column) => column.notNull())
    .addColumn('rows', 'text', (column) => column.notNull())
    .addPrimaryKeyConstraint('daily_series_pk', ['code', 'kind', 'year'])
    .execute();

  // Sparse back-adjustment factors and float-share changes (dayKV2 factors / floatShares).
  await db.schema
    .createTable('adjustment_factors')
    .addColumn('code', 'varchar(20)', (column) => column.notNull())
    .addColumn('day', 'integer', (column) => column.notNull())
    .addColumn('factor', 'double precision', (column) => column.notNull())
    .addPrimaryKeyConstraint('adjustment_factors_pk', ['code', 'day'])
    .execute();
  await db.schema
    .createTable('share_changes')
    .addColumn('code', 'varchar(20)', (column) => column.notNull())
    .addColumn('day', 'integer', (column) => column.notNull())
    .addColumn('float_shares', 'double precision', (column) => column.notNull())
    .addPrimaryKeyConstraint('share_changes_pk', ['code', 'day'])
    .execute();

  // Quarterly fundamentals per stock (report period YYYYMMDD), enough for PE/PB/PS and comparisons.
  await db.schema
    .createTable('fundamentals')
    .addColumn('code', 'varchar(20)', (column) => column.notNull())
    .addColumn('period', 'integer', (column) => column.notNull())
    .addColumn('revenue_ttm', 'double precision', (column) => column.notNull())
    .addColumn('net_profit_ttm', 'double precision', (column) => column.notNull())
    .addColumn('equity', 'double precision', (column) => column.notNull())
    .addColumn('operating_cash_flow_ttm', 'double precision', (column) => column.notNull())
    .addColumn('gross_margin', 'double precision', (column) => column.notNull())
    .addColumn('holder_count', 'integer', (column) => column.notNull())
    .addPrimaryKeyConstraint('fundamentals_pk', ['code', 'period'])
    .execute();

  await db.schema
    .createTable('stock_events')
    .addColumn('code', 'varchar(20)', (column) => column.notNull())
    .addColumn('day', 'integer', (column) => column.notNull())
    .addColumn('name', 'varchar(64)', (column) => column.notNull())
    .addColumn('tag', 'varchar(32)', (column) => column.notNull())
    .addColumn('content', 'text', (column) => column.notNull())
    .addPrimaryKeyConstraint('stock_events_pk', ['code', 'day', 'name'])
    .execute();

  await db.schema
    .createTable('fund_managers')
    .addColumn('id', 'varchar(20)', (column) => column.primaryKey())
    .addColumn('name', 'varchar(32)', (column) => column.notNull())
    .addColumn('company', 'varchar(64)', (column) => column.notNull())
    .addColumn('career_start', 'integer', (column) => column.notNull())
    .addColumn('education', 'varchar(64)', (column) => column.notNull())
    .addColumn('bio', 'text', (column) => column.notNull())
    .execute();
  await db.schema
    .createTable('fund_manager_terms')
    .addColumn('manager_id', 'varchar(20)', (column) => column.notNull())
    .addColumn('fund_code', 'varchar(20)', (column) => column.notNull())
    .addColumn('start_day', 'integer', (column) => column.notNull())
    .addPrimaryKeyConstraint('fund_manager_terms_pk', ['manager_id', 'fund_code'])
    .execute();

  // Which provider filled the market and up to which trading day (later starts roll forward).
  await db.schema
    .createTable('market_meta')
    .addColumn('key', 'varchar(32)', (column) => column.primaryKey())
    .addColumn('value', 'text', (column) => column.notNull())
    .execute();
}
