import { mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pino from 'pino';
import { buildApp } from './app.ts';
import { codeCacheStatus, saveCodeCache } from './code-cache.ts';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { seedDemoContent } from './db/seed.ts';
import { describeTrustProxy } from './http/client-ip.ts';
import { backgroundTurn, logStartWorkAfterListen } from './market/event-loop-slices.ts';
import { lowerHelperThreadPriority } from './market/helper-thread-priority.ts';
import { openMarket } from './market/market.ts';
import { createTickBus, redactRedisUrl } from './market/tick-bus.ts';
import { DEFAULT_CN_CIDRS } from './modules/user/region.ts';
import { createPlatformServices } from './platform/platform-services.ts';
import { loadOrCreateSecrets } from './secrets.ts';
import { saveStartReads, startReadsReport } from './start-reads.ts';

// The bundle lives in apps/server/dist; the web build sits beside it in apps/web/dist.
const here = path.dirname(fileURLToPath(import.meta.url));
const defaultWebDist = path.resolve(here, '../../web/dist');

async function main(): Promise<void> {
  const startedAt = performance.now();
  // V8's helper threads (concurrent marking, compiles) give the core to the event loop when they share one.
  const helperThreads = lowerHelperThreadPriority();
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig(process.env, defaultWebDist);
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  const logger = pino({ level: config.logLevel, base: { service: 'zhicai' } });

  mkdirSync(config.dataDir, { recursive: true });
  const secrets = loadOrCreateSecrets(config.dataDir, config);
  logger.info({ dataDir: config.dataDir, secrets: secrets.source, helperThreads }, 'configuration loaded');

  const database = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const applied = await migrateToLatest(database.db);
  const seeded = await seedDemoContent(database.db, new Date());
  logger.info(
    { database: database.kind, location: database.location, migrations: applied, seeded },
    'database ready',
  );

  const clock = () => new Date();
  // MARKET_CLOCK_START shifts only the market's clock; it then runs at real speed.
  const marketOffset = config.marketClockStart === undefined ? 0 : config.marketClockStart - Date.now();
  const marketClock = () => new Date(Date.now() + marketOffset);
  const marketStarted = performance.now();
  const market = await openMarket({
    db: database.db,
    clock: marketClock,
    source: config.marketSource,
    universe: config.demoUniverse,
    onError: (error) => logger.error({ err: error }, 'market tick failed'),
  });
  logger.info(
    {
      provider:
        market.provider.source === 'demo'
          ? 'demo: generated market (演示数据)'
          : 'import: vendor files loaded by npm run import',
      ...market.prepared,
      instruments: market.directory.all().length,
      ...(market.provider.source === 'demo' ? { universe: config.demoUniverse } : {}),
      marketClock:
        config.marketClockStart === undefined ? 'real time' : new Date(marketClock()).toISOString(),
      ms: Math.round(performance.now() - marketStarted),
    },
    'market ready',
  );
  const platform = createPlatformServices(config, logger, clock);
  logger.info(
    {
      sms: `${platform.sms.kind}: ${platform.sms.description}`,
      notify: `${platform.notify.kind}: ${platform.notify.description}`,
      wechat: `${platform.wechat.kind}: ${platform.wechat.description}`,
      hbPartner: `${platform.partner.kind}: ${platform.partner.description}`,
      broker: `${platform.broker.kind}: ${platform.broker.description}`,
      logistics: `${platform.logistics.kind}: ${platform.logistics.description}`,
      storage: `${platform.storage.kind}: ${platform.storage.description}`,
      payment: `${platform.payment.kind}: ${platform.payment.description}`,
      apiLock: config.apiLock ? 'on' : 'off',
      trustProxy: describeTrustProxy(config.trustProxy),
      cnCidrs: config.cnCidrs ? `${config.cnCidrs.length} ranges from CN_CIDRS` : 'bundled sample list',
      reviewers: config.reviewerPhones.length,
    },
    'platform services',
  );

  const app = await buildApp({
    database,
    runtime: {
      apiLockKey: secrets.apiLockKey,
      brandMode: config.brandMode,
      quoteSocketUrls: config.quoteSocketUrls,
      wechatAppId: platform.wechat.appId,
      wechatAuthorizeUrl: platform.wechat.authorizeUrl,
      marketDataSource: market.provider.source,
      ...(config.pdfAllowedOrigins.length > 0 ? { pdfAllowedOrigins: config.pdfAllowedOrigins } : {}),
    },
    webDist: config.webDist,
    logger,
    clock,
    jwtSecret: secrets.jwtSecret,
    apiLock: config.apiLock,
    trustProxy: config.trustProxy,
    cnCidrs: config.cnCidrs ?? DEFAULT_CN_CIDRS,
    reviewerPhones: config.reviewerPhones,
    platform,
    market,
    redisUrl: config.redisUrl,
    backgroundStarts: 'listening',
  });
  // Only the tick bus beats the engine: in-process alone, or the elected leader under REDIS_URL.
  const tickBus = await createTickBus({ engine: market.engine, redisUrl: config.redisUrl, log: logger });
  logger.info(config.redisUrl ? { redis: redactRedisUrl(config.redisUrl) } : {}, `tick bus: ${tickBus.kind}`);
  tickBus.start();
  // The full demo market's extension is written while serving (market-fill.ts), started once the
  // server listens (below) so its first batches do not hold the start; a shutdown stops it between
  // batches and the next start resumes it.
  const fillStopper = new AbortController();
  let filling: Promise<void> = Promise.resolve();
  const startFill = () => {
    const fillStarted = performance.now();
    filling = market
      .fill(fillStopper.signal)
      .then((result) => {
        if (result)
          logger.info(
            {
              ...result,
              complete: !fillStopper.signal.aborted,
              ms: Math.round(performance.now() - fillStarted),
            },
            'market filled',
          );
      })
      .catch((error: unknown) => logger.error({ err: error }, 'market fill failed'));
  };
  app.addHook('onClose', async () => {
    fillStopper.abort();
    await filling;
    await tickBus.close();
  });

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    logger.info({ signal }, 'shutting down: finishing in-flight requests');
    // A request that hangs must not keep the process alive for ever.
    const timer = setTimeout(() => {
      logger.error('shutdown timed out; exiting');
      process.exit(1);
    }, config.shutdownTimeoutMs);
    timer.unref();
    // The database closes after every onClose hook: Fastify runs them last-registered first, and the
    // modules' hooks (a screen's build stopping between slices) still read it.
    app
      .close()
      .then(() => database.close())
      .then(
        () => {
          logger.info('shut down cleanly');
          process.exit(0);
        },
        (error: unknown) => {
          logger.error({ err: error }, 'error during shutdown');
          process.exit(1);
        },
      );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  const address = await app.listen({ port: config.port, host: config.host });
  logger.info(
    {
      address,
      webApp: config.webDist,
      startupMs: Math.round(performance.now() - startedAt),
      codeCache: codeCacheStatus(),
      startReads: startReadsReport(),
      // The libraries bundled beside the server for their first call (build.mjs): none by now.
      sideBundlesLoaded: Object.keys(createRequire(import.meta.url).cache)
        .map((file) => path.basename(file))
        .filter((file) => file.startsWith('side-')),
    },
    `知财 server ready at ${address}`,
  );
  // Quotes are built as they are asked for; the rest in slices once the first requests are answered
  // (app.ts warmUp), before the first beat.
  app.warmUp
    .then((warmUp) => {
      if (warmUp.closed) return null;
      if (warmUp.error) throw warmUp.error;
      logger.info(
        {
          quotes: market.engine.allQuotes().length,
          ms: warmUp.ms,
          // How long after listening it began, and the requests answered before it.
          waitedMs: warmUp.waitedMs,
          requestsBefore: warmUp.requests,
        },
        'quotes built',
      );
      // The code this start compiled, kept for the next start (code-cache.ts), now that serving and
      // the warm-up have compiled what a start runs.
      const cached = saveCodeCache();
      if (cached) logger.info(cached, 'code cache written');
      saveStartReads();
      // The profile documents a restart left unread, before the lists and search need them all.
      return market.directory.readProfilesInBackground(backgroundTurn);
    })
    .then((profilesCpuMs) => {
      if (profilesCpuMs !== null)
        logStartWorkAfterListen(logger, 'instrument profiles read in the background', profilesCpuMs);
    })
    .catch((error: unknown) => logger.error({ err: error }, 'quote warm-up failed'));
  startFill();
}

main().catch((error: unknown) => {
  process.stderr.write(
    `server failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
