import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../app.ts';
import { type DatabaseHandle, openDatabase } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { seedDemoContent } from '../db/seed.ts';

/** The API-lock key tests sign with; any 16 ASCII characters work. */
export const TEST_API_LOCK_KEY = 'zhicai-test-key!';

export interface TestContext {
  app: FastifyInstance;
  database: DatabaseHandle;
  dataDir: string;
  /** Builds a second app on the same database, as a restart would. */
  restart(): Promise<FastifyInstance>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  webDist?: string;
  clock?: () => Date;
}

/**
 * A real app on a real database: a fresh SQLite file in a temporary folder, or, when
 * TEST_DATABASE_URL is set, a fresh schema in that PostgreSQL database.
 */
export async function createTestApp(options: TestAppOptions = {}): Promise<TestContext> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'zhicai-test-'));
  const postgresUrl = process.env.TEST_DATABASE_URL || undefined;
  const schema = postgresUrl ? `test_${randomUUID().replaceAll('-', '')}` : undefined;
  if (postgresUrl && schema) await runOnPostgres(postgresUrl, `create schema ${schema}`);

  const database = openDatabase({
    databaseUrl: postgresUrl,
    dataDir,
    ...(schema ? { postgresSchema: schema } : {}),
  });
  await migrateToLatest(database.db);
  await seedDemoContent(database.db, new Date());

  const apps: FastifyInstance[] = [];
  const build = async () => {
    const app = await buildApp({
      database,
      runtime: { apiLockKey: TEST_API_LOCK_KEY, brandMode: 'zhicai' },
      webDist: options.webDist ?? path.join(dataDir, 'web-not-built'),
      logger: false,
      ...(options.clock ? { clock: options.clock } : {}),
    });
    apps.push(app);
    return app;
  };

  return {
    app: await build(),
    database,
    dataDir,
    restart: build,
    async close() {
      for (const app of apps) await app.close();
      await database.close();
      if (postgresUrl && schema) await runOnPostgres(postgresUrl, `drop schema ${schema} cascade`);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function runOnPostgres(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
