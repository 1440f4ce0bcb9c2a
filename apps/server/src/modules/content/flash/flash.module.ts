import type { FastifyInstance } from 'fastify';
import type { ModuleDeps } from '../../app-module.ts';
import { createMarketService } from '../../market/market.service.ts';
import { createDemoFlashWriter, type DemoFlashWriter } from './demo-flash-writer.ts';
import { createFlashRepository } from './flash.repository.ts';
import { registerFlashRoutes } from './flash.routes.ts';
import { createFlashService } from './flash.service.ts';
import { createFlashPageCache } from './flash-page-cache.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The demo flash writer, null when the market is imported: tests drive and wait on it. */
    demoFlashes: DemoFlashWriter | null;
  }
}

/** How often the writer looks for the close, which no engine tick carries. */
const closeCheckMs = 30_000;

/**
 * The 7×24 flashes (issue 17): the feed calls, and on the demo market the writer that turns its
 * events into flashes and pushes each new one to the sockets on the `flash` channel.
 */
export async function registerFlashes(app: FastifyInstance, deps: ModuleDeps): Promise<void> {
  const { db, market, logger } = deps;
  const repository = createFlashRepository(db);
  const service = createFlashService(repository, market.directory);
  const cache = createFlashPageCache({ newestId: service.newestId });
  registerFlashRoutes(app, { flashes: service, cache, preRouter: deps.preRouter });

  if (market.engine.source !== 'demo') {
    app.decorate('demoFlashes', null);
    return;
  }
  const writer = createDemoFlashWriter({
    market,
    marketService: createMarketService(market),
    repository,
    onWritten(rows) {
      for (const row of rows) cache.written(row.id);
      for (const row of rows)
        deps.socketChannels.publish('flash', { type: 'flash', flash: service.toFlash(row) });
    },
    onError: (error) => logger.warn({ err: error }, 'demo flash write failed'),
  });
  await writer.backfill();
  writer.checkClose();
  const stopWatching = market.engine.onTick((tick) => writer.onTick(tick));
  const closeTimer = setInterval(() => writer.checkClose(), closeCheckMs);
  closeTimer.unref();
  app.decorate('demoFlashes', writer);
  app.addHook('onClose', async () => {
    stopWatching();
    clearInterval(closeTimer);
    await writer.idle();
  });
}
