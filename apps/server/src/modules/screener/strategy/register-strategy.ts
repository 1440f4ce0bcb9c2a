import type { FastifyInstance } from 'fastify';
import { noticeDelivery } from '../../alert/alert.module.ts';
import type { ModuleDeps } from '../../app-module.ts';
import { createDiagnosisService } from './diagnosis.service.ts';
import { createStrategyRepository } from './strategy.repository.ts';
import { registerStrategyRoutes } from './strategy.routes.ts';
import { createStrategyService, type StrategyService } from './strategy.service.ts';
import type { StrategyScreens } from './strategy-screens.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Saved strategies: tests run the after-close pass with `runDue()` after moving the market clock. */
    screenerStrategies: StrategyService;
  }
}

/** How often the server looks whether a close has passed since the strategies last ran. */
const CLOSE_CHECK_MS = 60 * 1000;

/**
 * Saved strategies, what changed in them, and the stock diagnosis. `screens` are the screening
 * engines the select calls answer from (screener.module.ts).
 */
export async function registerScreenerStrategy(
  app: FastifyInstance,
  deps: ModuleDeps,
  screens: StrategyScreens,
): Promise<void> {
  const { db, market, clock, logger } = deps;
  const service = createStrategyService({
    repository: createStrategyRepository(db),
    screens,
    market,
    clock,
    notify: noticeDelivery(app),
  });
  registerStrategyRoutes(app, service, createDiagnosisService(market));
  await service.installHouseStrategies();

  // The engine ticks only while a market trades, so the close is found by looking at the market's
  // clock: once the session is over, every strategy not yet run for that day runs.
  const runDue = () =>
    service.runDue().catch((error: unknown) => logger.error({ err: error }, 'strategy run failed'));
  const checker = setInterval(runDue, CLOSE_CHECK_MS);
  checker.unref();
  app.decorate('screenerStrategies', service);
  // What a stopped server missed runs once the server serves, not before: a pass builds the day's
  // screen first (seconds at full size), and the service's reads wait for a pass under way.
  deps.startBackground(() => void runDue());
  app.addHook('onClose', async () => {
    clearInterval(checker);
    await service.idle();
  });
}
