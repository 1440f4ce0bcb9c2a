import { mkdirSync } from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import { sqliteFileIn } from '../data-location.ts';
import { readThroughPrefetch } from '../start-reads.ts';
import type { Database } from './schema.ts';

export type DatabaseKind = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  kind: DatabaseKind;
  /** Where the data lives, for the boot log (file path or host/database, never the password). */
  location: string;
  /** The PostgreSQL schema the connection is confined to, when one was asked for. */
  schema?: string;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** postgres:// URL; when absent the SQLite file in dataDir is used. */
  databaseUrl?: string | undefined;
  dataDir: string;
  /** PostgreSQL schema to work in (tests use one schema per run). */
  postgresSchema?: string;
}

export { SQLITE_FILE } from '../data-location.ts';

export function openDatabase(options: DatabaseOptions): DatabaseHandle {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options.postgresSchema);
  return openSqlite(sqliteFileIn(options.dataDir));
}

function openSqlite(file: string): DatabaseHandle {
  mkdirSync(path.dirname(file), { recursive: true });
  const sqlite = new SqliteDatabase(file);
  // WAL lets readers run beside the writer; FULL sync makes a committed write survive power loss.
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  sqliteConnections.set(db, sqlite);
  return { db, kind: 'sqlite', location: file, close: () => db.destroy() };
}

const sqliteConnections = new WeakMap<Kysely<Database>, SqliteDatabase.Database>();

/**
 * The SQLite connection under a database opened here, or undefined on PostgreSQL: for the few reads
 * that must answer synchronously (an instrument's profile document, read when first asked for
 * instead of at every start; instruments.repository.ts). The same connection, so such a read sees
 * what the app's own writes committed.
 */
export function sqliteConnectionOf(db: Kysely<Database>): SqliteDatabase.Database | undefined {
  return sqliteConnections.get(db);
}

/**
 * A read that answers each row as an array of its column values in the select's order, on SQLite;
 * undefined on PostgreSQL. better-sqlite3 makes an object per row with a property per column, which
 * costs about twice the read itself on the master's 20,000 rows and the indices' 30,000 members
 * that a restart reads before its first answer (issue 15 item 8). Prepared on first use, on a
 * statement of its own: `raw` changes a statement, and the connection's cache shares them. A start's
 * reads may come from the prefetch the loader started (start-reads.ts) when nothing was written first.
 */
export function sqliteRawRead<Row extends unknown[]>(
  db: Kysely<Database>,
  sql: string,
): (() => Row[]) | undefined {
  const sqlite = sqliteConnectionOf(db);
  if (!sqlite) return undefined;
  let statement: SqliteDatabase.Statement<[], Row> | undefined;
  const writes = () => sqlite.prepare('select total_changes()').pluck().get() as number;
  return () =>
    readThroughPrefetch(sql, sqlite.name, writes, () => {
      statement ??= sqlite.prepare<[], Row>(sql).raw();
      return statement.all();
    });
}

/** How many prepared statements the SQLite connection keeps; the app's queries are a few hundred. */
const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely's SQLite driver prepares every query anew; preparing costs more than running most of the
 * app's queries (a signed-in call's session lookup among them). Statements are kept by their SQL
 * text, least recently used out first (queries with long IN lists differ by text and pass through).
 * better-sqlite3 runs a statement to completion synchronously and re-prepares it after a schema
 * change, so one statement serves every caller; the app never streams (iterate would hold it).
 */
function withStatementCache(sqlite: SqliteDatabase.Database) {
  const statements = new Map<string, SqliteDatabase.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sql: string): SqliteDatabase.Statement {
      let statement = statements.get(sql);
      if (statement) {
        statements.delete(sql);
      } else {
        statement = sqlite.prepare(sql);
        if (statements.size >= STATEMENT_CACHE_SIZE) statements.delete(statements.keys().next().value ?? '');
      }
      statements.set(sql, statement);
      return statement;
    },
  };
}

function openPostgres(url: string, schema: string | undefined): DatabaseHandle {
  // The pg client library is loaded on the first query, so a server on SQLite never loads it
  // (start-to-ready budget ≤ 1 s).
  const pool = async () => {
    const { default: pg } = await import('pg');
    return new pg.Pool({
      connectionString: url,
      max: 10,
      ...(schema ? { options: `-c search_path=${schema}` } : {}),
    });
  };
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  const parsed = new URL(url);
  return {
    db,
    kind: 'postgres',
    location: `${parsed.hostname}:${parsed.port || 5432}${parsed.pathname}${schema ? ` (schema ${schema})` : ''}`,
    ...(schema ? { schema } : {}),
    close: () => db.destroy(),
  };
}
