import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../../app-module.ts';
import { createMarketService } from '../../market/market.service.ts';
import { createDemoFlashWriter, type DemoFlashWriter } from './demo-flash-writer.ts';
import { createFlashRepository } from './flash.repository.ts';
import { registerFlashRoutes } from './flash.routes.ts';
import { createFlashService } from './flash.service.ts';
import { createFlashPageCache } from './flash-page-cache.ts';
import { createFlashPush, type FlashPush, flashCheckMs } from './flash-push.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The demo flash writer, null when the market is imported: tests drive and wait on it. */
    demoFlashes: DemoFlashWriter | null;
    /** What pushes new flashes to the `flash` channel: tests look for imported ones with `check()`. */
    flashPush: FlashPush;
  }
}

/** How often the writer looks for the close, which no engine tick carries. */
const closeCheckMs = 30_000;

/**
 * The 7×24 flashes (issue 17): the feed calls, the push of each new flash to the sockets on the
 * `flash` channel, and on the demo market the writer that turns its events into flashes.
 */
export async function registerFlashes(app: FastifyInstance, deps: ModuleDeps): Promise<void> {
  const { db, market, logger } = deps;
  const repository = createFlashRepository(db);
  const service = createFlashService(repository, market.directory);
  const cache = createFlashPageCache({ newestId: service.newestId });
  registerFlashRoutes(app, { flashes: service, cache, preRouter: deps.preRouter });

  const push = createFlashPush({
    repository,
    toFlash: service.toFlash,
    channels: deps.socketChannels,
    cache,
    clock: deps.clock,
    onError: (error) => logger.warn({ err: error }, 'flash push failed'),
    // The process's CPU over the push includes what ran between its slices (the flash-push bench).
    onPushed: (cost) => logger.info(cost, 'flashes pushed'),
  });
  app.decorate('flashPush', push);
  // Flashes written elsewhere (an import, another instance) are found by looking at the table.
  const checkTimer = setInterval(() => void push.check(), flashCheckMs);
  checkTimer.unref();
  app.addHook('onClose', async () => {
    clearInterval(checkTimer);
    await push.idle();
  });

  if (market.engine.source !== 'demo') {
    app.decorate('demoFlashes', null);
    await push.start();
    return;
  }
  const writer = createDemoFlashWriter({
    market,
    marketService: createMarketService(market),
    repository,
    onWritten: (rows) => void push.written(rows),
    onError: (error) => logger.warn({ err: error }, 'demo flash write failed'),
  });
  // The backfill of past sessions is not news: the push starts above it.
  await writer.backfill();
  await push.start();
  writer.checkClose();
  const stopWatching = market.engine.onTick((tick) => {
    // The tick's fan-out waits for its flashes, so a socket reads both in one write.
    const written = writer.onTick(tick);
    if (written) deps.socketChannels.announce(written);
  });
  // The open's flashes are judged and pushed first on the open's beat, which waits for their push
  // before recomputing the market (issue 17: a pushed flash reaches 10,000 sockets within 300 ms).
  const stopOpening = market.engine.onOpening((opening) =>
    writer.onOpening(opening)?.then(() => push.idle()),
  );
  const closeTimer = setInterval(() => writer.checkClose(), closeCheckMs);
  closeTimer.unref();
  app.decorate('demoFlashes', writer);
  app.addHook('onClose', async () => {
    stopWatching();
    stopOpening();
    clearInterval(closeTimer);
    await writer.idle();
  });
}
