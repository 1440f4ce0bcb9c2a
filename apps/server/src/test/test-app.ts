import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import pg from 'pg';
import pino from 'pino';
import { buildApp } from '../app.ts';
import { DEFAULT_QUOTE_SOCKET_URLS } from '../config.ts';
import { type DatabaseHandle, openDatabase } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { seedDemoContent } from '../db/seed.ts';
import type { TrustProxy } from '../http/client-ip.ts';
import type { RateLimitRules } from '../http/rate-limits.ts';
import { type Market, openMarket } from '../market/market.ts';
import type { AppModule } from '../modules/app-module.ts';
import { DEFAULT_CN_CIDRS } from '../modules/user/region.ts';
import { createLocalLogisticsPartner } from '../platform/logistics/logistics-partner.ts';
import { createLocalNotificationSender } from '../platform/notify/local-notify.ts';
import { createLocalBrokerPartner } from '../platform/partner/broker-partner.ts';
import { createLocalPartnerTokens } from '../platform/partner/partner-tokens.ts';
import { createLocalPayment } from '../platform/payment/local-payment.ts';
import type { PlatformServices } from '../platform/platform-services.ts';
import { createLocalSmsSender } from '../platform/sms/local-sms.ts';
import { createLocalObjectStorage } from '../platform/storage/local-storage.ts';
import { createLocalWechat, type LocalWechat } from '../platform/wechat/local-wechat.ts';

/** The API-lock key tests sign with; any 16 ASCII characters work. */
export const TEST_API_LOCK_KEY = 'zhicai-test-key!';
export const TEST_JWT_SECRET = 'zhicai-test-jwt-secret-0123456789abcdef';

export interface TestContext {
  app: FastifyInstance;
  database: DatabaseHandle;
  dataDir: string;
  market: Market;
  /** The app's clock: signed calls (call.ts) are signed at its time. */
  clock: () => Date;
  /** The local platform services the app runs with (SMS outbox in dataDir, local WeChat). */
  platform: PlatformServices & { wechat: LocalWechat };
  /**
   * Builds a second app on the same database, as a restart would; `listening` holds its background
   * starts until it listens (as server.ts does), which an app that only takes injected calls never does.
   */
  restart(options?: { backgroundStarts?: 'listening' }): Promise<FastifyInstance>;
  /**
   * Another server instance on the same database, as a second host runs one: its own connection
   * and its own market, opened as the database holds it (not generated again). Closed by close().
   */
  secondInstance(): Promise<TestInstance>;
  close(): Promise<void>;
}

export interface TestInstance {
  app: FastifyInstance;
  database: DatabaseHandle;
  market: Market;
}

export interface TestAppOptions {
  webDist?: string;
  clock?: () => Date;
  /** API_LOCK; on by default, as in production. */
  apiLock?: boolean;
  /** TRUST_PROXY; off by default. */
  trustProxy?: TrustProxy;
  /** Replaces any of the local platform services (e.g. a failing SMS sender). */
  platform?: Partial<PlatformServices>;
  /**
   * Generates the demo market (~15 s) instead of opening an empty one. Tests of market endpoints
   * share one such app per file.
   */
  market?: boolean;
  /** The market's clock (a trading session on a fixed day); defaults to `clock`. */
  marketClock?: () => Date;
  /** MARKET_SOURCE; `import` serves what `beforeMarket` loaded. */
  marketSource?: 'demo' | 'import';
  /** Runs on the migrated database before the market opens (the import tests load files here). */
  beforeMarket?: (database: DatabaseHandle) => Promise<void>;
  /** The modules to serve instead of all of them (a test that watches what each registers). */
  modules?: readonly AppModule[];
  /** Small rate limits, so a test reaches them in a few calls. */
  rateLimitRules?: RateLimitRules;
  /** The app's logger (tests that read log lines); none by default. */
  logger?: FastifyBaseLogger;
  /** REVIEWER_PHONES: the users who may review comments and feedback. */
  reviewerPhones?: readonly string[];
  /** REDIS_URL of every instance (user messages across instances); none by default. */
  redisUrl?: string;
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
  await inSchemaTurn(() => migrateToLatest(database.db, database.schema));
  await seedDemoContent(database.db, new Date());
  await options.beforeMarket?.(database);

  const clock = options.clock ?? (() => new Date());
  const platform = {
    sms: createLocalSmsSender(dataDir, pino({ level: 'silent' }), clock),
    notify: createLocalNotificationSender(dataDir, pino({ level: 'silent' }), clock),
    partner: createLocalPartnerTokens(),
    broker: createLocalBrokerPartner(dataDir, pino({ level: 'silent' }), clock),
    storage: createLocalObjectStorage(dataDir, pino({ level: 'silent' }), clock),
    logistics: createLocalLogisticsPartner(pino({ level: 'silent' }), clock),
    payment: createLocalPayment(pino({ level: 'silent' }), clock),
    ...options.platform,
    wechat: createLocalWechat(clock),
  };
  const market = await openMarket({
    db: database.db,
    clock: options.marketClock ?? clock,
    source: options.marketSource ?? 'demo',
    prepare: options.market === true,
  });
  // Every quote built before the first test, as a server has them shortly after it listens.
  await market.engine.warm();
  const apps: FastifyInstance[] = [];
  const others: DatabaseHandle[] = [];
  const build = async (
    instance: { database: DatabaseHandle; market: Market } = { database, market },
    backgroundStarts?: 'listening',
  ) => {
    const app = await buildApp({
      ...(backgroundStarts ? { backgroundStarts } : {}),
      database: instance.database,
      runtime: {
        apiLockKey: TEST_API_LOCK_KEY,
        brandMode: 'zhicai',
        quoteSocketUrls: DEFAULT_QUOTE_SOCKET_URLS,
        wechatAppId: platform.wechat.appId,
        wechatAuthorizeUrl: platform.wechat.authorizeUrl,
        marketDataSource: options.marketSource ?? 'demo',
      },
      webDist: options.webDist ?? path.join(dataDir, 'web-not-built'),
      logger: options.logger ?? false,
      clock,
      jwtSecret: TEST_JWT_SECRET,
      apiLock: options.apiLock ?? true,
      trustProxy: options.trustProxy ?? { kind: 'off' },
      cnCidrs: DEFAULT_CN_CIDRS,
      platform,
      market: instance.market,
      ...(options.modules ? { modules: options.modules } : {}),
      ...(options.rateLimitRules ? { rateLimitRules: options.rateLimitRules } : {}),
      ...(options.reviewerPhones ? { reviewerPhones: options.reviewerPhones } : {}),
      ...(options.redisUrl ? { redisUrl: options.redisUrl } : {}),
    });
    apps.push(app);
    return app;
  };

  return {
    app: await build(),
    database,
    dataDir,
    market,
    clock,
    platform,
    restart: (restartOptions) => build(undefined, restartOptions?.backgroundStarts),
    async secondInstance() {
      const second = openDatabase({
        databaseUrl: postgresUrl,
        dataDir,
        ...(schema ? { postgresSchema: schema } : {}),
      });
      others.push(second);
      const secondMarket = await openMarket({
        db: second.db,
        clock: options.marketClock ?? clock,
        source: options.marketSource ?? 'demo',
        prepare: false,
      });
      const app = await build({ database: second, market: secondMarket });
      return { app, database: second, market: secondMarket };
    },
    async close() {
      for (const app of apps) await app.close();
      for (const other of others) await other.close();
      await database.close();
      if (postgresUrl && schema)
        await inSchemaTurn(() => runOnPostgres(postgresUrl, `drop schema ${schema} cascade`));
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Any number the app's own SQL never locks; it names the turn below. */
const SCHEMA_TURN_LOCK = 7_201_127;

/**
 * Runs `work` while no other test file creates tables in, or drops, a test schema. Test files run
 * side by side (one per core), each in a schema of its own on one PostgreSQL database, and Kysely's
 * migrator reads the tables of every schema, naming each (`has_schema_privilege`): a schema another
 * file drops meanwhile failed it with "schema … does not exist". Migrating and dropping take turns
 * under one advisory lock. On SQLite each file has its own database and `work` simply runs.
 */
export async function inSchemaTurn<Result>(work: () => Promise<Result>): Promise<Result> {
  const postgresUrl = process.env.TEST_DATABASE_URL || undefined;
  if (!postgresUrl) return work();
  const client = new pg.Client({ connectionString: postgresUrl });
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [SCHEMA_TURN_LOCK]);
    return await work();
  } finally {
    // Ending the session releases its lock.
    await client.end();
  }
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
