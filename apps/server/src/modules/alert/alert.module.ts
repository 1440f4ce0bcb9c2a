import type { FastifyInstance } from 'fastify';
import type { AppModule } from '../app-module.ts';
import { createAlertRepository } from './alert.repository.ts';
import { registerAlertRoutes } from './alert.routes.ts';
import { createAlertService } from './alert.service.ts';
import { type AlertDelivery, createAlertDelivery, type Notice } from './alert-delivery.ts';
import { AlertEvaluator } from './alert-evaluator.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The alert delivery queue: tests wait on `idle()` after a tick. */
    alertDelivery: AlertDelivery;
  }
}

/** How often messages older than the retention are pruned for every user. */
const PRUNE_INTERVAL_MS = 6 * 60 * 60 * 1000;

/**
 * Price alerts (issue 16 items 3–4): the calls, the evaluator judging every engine tick, and the
 * delivery of what fires (message box, the user's sockets, WeChat and app push).
 */
export const alertModule: AppModule = {
  group: 'alert',
  async register(app, deps) {
    const { db, market, clock, logger } = deps;
    const repository = createAlertRepository(db);
    const evaluator = new AlertEvaluator(() => clock().getTime());
    const service = createAlertService({ repository, market, evaluator, clock });
    const delivery = createAlertDelivery({
      repository,
      service,
      evaluator,
      market,
      userSockets: deps.userSockets,
      notify: deps.platform.notify,
      clock,
      logger,
    });
    registerAlertRoutes(app, service);

    await service.loadEvaluator();
    const stopWatching = market.engine.onTick((tick) => {
      const firings = evaluator.evaluate(tick, (code) => market.engine.quote(code));
      if (firings.length > 0) void delivery.deliver(firings);
    });
    await repository.pruneMessages(service.retentionStart());
    const pruner = setInterval(() => {
      repository
        .pruneMessages(service.retentionStart())
        .catch((error: unknown) => logger.warn({ err: error }, 'message pruning failed'));
    }, PRUNE_INTERVAL_MS);
    pruner.unref();
    app.decorate('alertDelivery', delivery);
    app.addHook('onClose', async () => {
      stopWatching();
      clearInterval(pruner);
      await delivery.idle();
    });
  },
};

/**
 * How another module hands a notice to the message box, the user's sockets and push: through this
 * module's delivery when it is served beside that module, or nowhere when it is not.
 */
export function noticeDelivery(app: FastifyInstance): (notice: Notice) => Promise<void> {
  return (notice) =>
    app.hasDecorator('alertDelivery') ? app.alertDelivery.deliverNotice(notice) : Promise.resolve();
}
