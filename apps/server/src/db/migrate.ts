import {
  DEFAULT_MIGRATION_TABLE,
  type Kysely,
  type Migration,
  type MigrationProvider,
  Migrator,
  sql,
} from 'kysely';
import * as foundation from './migrations/0001-foundation.ts';
import * as usersSessions from './migrations/0002-users-sessions.ts';
import * as market from './migrations/0003-market.ts';
import * as report from './migrations/0004-report.ts';
import * as broker from './migrations/0005-broker.ts';
import * as smsGates from './migrations/0006-sms-gates.ts';
import * as about from './migrations/0007-about.ts';
import * as indexQuantity from './migrations/0008-index-quantity.ts';
import * as watchlist from './migrations/0009-watchlist.ts';
import * as alerts from './migrations/0010-alerts.ts';
import * as contentFlash from './migrations/0011-content-flash.ts';
import * as contentArticle from './migrations/0012-content-article.ts';
import * as contentNotice from './migrations/0013-content-notice.ts';
import * as community from './migrations/0014-community.ts';
import * as screenerStrategy from './migrations/0015-screener-strategy.ts';
import * as alertMessagePath from './migrations/0016-alert-message-path.ts';
import * as delistingReviews from './migrations/0020-delisting-reviews.ts';
import * as screenDayTables from './migrations/0021-screen-day-tables.ts';
import * as member from './migrations/0022-member.ts';
import * as points from './migrations/0023-points.ts';
import * as course from './migrations/0024-course.ts';
import type { Database } from './schema.ts';

/**
 * Migrations are imported, not read from disk, so the bundled server carries them. Names sort in
 * the order they run; a new migration is one more file and one more line here.
 */
const migrations: Record<string, Migration> = {
  '0001-foundation': foundation,
  '0002-users-sessions': usersSessions,
  '0003-market': market,
  '0004-report': report,
  '0005-broker': broker,
  '0006-sms-gates': smsGates,
  '0007-about': about,
  '0008-index-quantity': indexQuantity,
  '0009-watchlist': watchlist,
  '0010-alerts': alerts,
  '0011-content-flash': contentFlash,
  '0012-content-article': contentArticle,
  '0013-content-notice': contentNotice,
  '0014-community': community,
  '0015-screener-strategy': screenerStrategy,
  '0016-alert-message-path': alertMessagePath,
  '0020-delisting-reviews': delistingReviews,
  '0021-screen-day-tables': screenDayTables,
  '0022-member': member,
  '0023-points': points,
  '0024-course': course,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

/**
 * `schema` is the PostgreSQL schema the connection works in (tests use one per run). Kysely looks
 * for its bookkeeping tables in every schema, so without it one test's tables would convince the
 * migrator that another test's schema is already set up.
 */
export async function migrateToLatest(db: Kysely<Database>, schema?: string): Promise<string[]> {
  if (await everyMigrationApplied(db, schema)) return [];
  const migrator = new Migrator({
    db,
    provider,
    // Names ordered by their characters, as Kysely orders the provider's: its default,
    // localeCompare, loaded ICU's collation for the migrations applied together, 13 ms of every
    // start (issue 15 item 8: a restart answers within 1 s).
    nameComparator: (left, right) => (left < right ? -1 : left > right ? 1 : 0),
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? [])
    .filter((result) => result.status === 'Success')
    .map((result) => result.migrationName);
}

/**
 * Whether the database has applied exactly the migrations above, read in one query. The migrator
 * finds its own tables by introspecting the whole schema, every table's columns, twice, before it
 * learns there is nothing to do: a few milliseconds of every restart's main thread (issue 15 item
 * 8). Anything else (a first start, a migration to apply, one this build does not know, which the
 * migrator reports) goes to the migrator.
 */
async function everyMigrationApplied(db: Kysely<Database>, schema: string | undefined): Promise<boolean> {
  const table = schema ? `${schema}.${DEFAULT_MIGRATION_TABLE}` : DEFAULT_MIGRATION_TABLE;
  try {
    const { rows } = await sql<{ name: string }>`select name from ${sql.table(table)}`.execute(db);
    const applied = new Set(rows.map((row) => row.name));
    const known = Object.keys(migrations);
    return applied.size === known.length && known.every((name) => applied.has(name));
  } catch {
    // No bookkeeping table yet.
    return false;
  }
}
