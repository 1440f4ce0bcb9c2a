import type { AppModule } from '../app-module.ts';
import { createPointsRepository } from './points.repository.ts';
import { registerPointsRoutes } from './points.routes.ts';
import { createPointsService } from './points.service.ts';

/** How often the open exchanges are brought up to the logistics partner's state. */
const SYNC_INTERVAL_MS = 60_000;

/** 积分: the daily check-in, the ledger, the points shop and its deliveries. */
export const pointsModule: AppModule = {
  group: 'points',
  register(app, deps) {
    const service = createPointsService({
      repository: createPointsRepository(deps.db),
      logistics: deps.platform.logistics,
      clock: deps.clock,
      logger: deps.logger,
    });
    registerPointsRoutes(app, service);

    // Exchanges move on (已发货, 已签收) while nobody looks; a pass a minute follows the partner.
    let timer: NodeJS.Timeout | undefined;
    let closed = false;
    let running: Promise<void> | null = null;
    deps.startBackground(() => {
      if (closed) return;
      timer = setInterval(() => {
        if (running || closed) return;
        running = service
          .syncOpenExchanges()
          .catch((error: unknown) => deps.logger.warn({ err: error }, 'exchange sync failed'))
          .finally(() => {
            running = null;
          });
      }, SYNC_INTERVAL_MS);
      timer.unref();
    });
    // A pass in flight finishes before the database closes.
    app.addHook('onClose', async () => {
      closed = true;
      if (timer) clearInterval(timer);
      await running;
    });
  },
};
