import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { Market } from '../../../market/market.ts';
import { tickIntervalMs } from '../../../market/quote-engine.ts';
import type { ModuleDeps } from '../../app-module.ts';
import { createStockScreenRepository } from './stock-screen.repository.ts';
import { registerStockScreenRoutes } from './stock-screen.routes.ts';
import { createStockScreenService, type StockScreenService } from './stock-screen.service.ts';
import { createStockScreenEngine, type RefreshCost } from './stock-screen-engine.ts';

/**
 * The stock screen (issue 18 items 1, 2 and 7). One screen per market: the endpoints and the
 * strategy part's re-runs read the same column store, so a saved strategy's members are exactly
 * what select answers for its conditions.
 */
/** What the screen reads; the logger (when given) hears what its background refreshes cost. */
type ScreenDeps = Pick<ModuleDeps, 'db' | 'market'> & Partial<Pick<ModuleDeps, 'clock' | 'logger'>>;

const screens = new WeakMap<Market, StockScreenService>();

/** Live refreshes summed into one log line: one a minute while trading (a tick every 3 s). */
const refreshesPerLog = 20;

/**
 * Logs what the background refreshes cost, since no request's time shows it any more: every table
 * build, and the live refreshes twenty at a time (bench/screener-select.mjs prints these).
 */
function refreshLogger(logger: FastifyBaseLogger | undefined): (cost: RefreshCost) => void {
  let live: RefreshCost[] = [];
  return (cost) => {
    if (!logger) return;
    if (cost.kind !== 'live') {
      const message = {
        table: 'stock screen table built',
        loaded: 'stock screen table loaded',
        scores: 'stock screen scores built',
        members: 'stock screen index members followed',
        choices: 'stock screen choice columns built',
      }[cost.kind];
      logger.info({ cpuMs: Math.round(cost.cpuMs), wallMs: Math.round(cost.wallMs) }, message);
      return;
    }
    live.push(cost);
    if (live.length < refreshesPerLog) return;
    const mean = (pick: (entry: RefreshCost) => number) =>
      Math.round((live.reduce((sum, entry) => sum + pick(entry), 0) / live.length) * 10) / 10;
    logger.info(
      {
        refreshes: live.length,
        cpuMsMean: mean((entry) => entry.cpuMs),
        cpuMsMax: Math.round(Math.max(...live.map((entry) => entry.cpuMs)) * 10) / 10,
        wallMsMean: mean((entry) => entry.wallMs),
        recomputedMean: mean((entry) => entry.recomputed),
      },
      'stock screen refreshes',
    );
    live = [];
  };
}

export function stockScreenOf(deps: ScreenDeps): StockScreenService {
  let service = screens.get(deps.market);
  if (!service) {
    service = createStockScreenService(
      createStockScreenEngine(deps.market, createStockScreenRepository(deps.db), refreshLogger(deps.logger)),
    );
    screens.set(deps.market, service);
  }
  return service;
}

/**
 * The A-shares a saved condition set matches now, in code order. `conditions` is the request body
 * of select as the protocol spells it (`seqFlags`, `<CODE>_left`/`<CODE>_right`, `plates:"1,2"`,
 * `basic_st:1`); an unknown condition or a bad bound throws the same 400 AppError select answers.
 */
export function runStockScreen(
  deps: ScreenDeps,
  conditions: Readonly<Record<string, unknown>>,
): Promise<string[]> {
  return stockScreenOf(deps).codes(conditions);
}

/**
 * Registers the endpoints and keeps the screen's figures current in the background once the server
 * serves (the first build starts then, not on the first request), until the app closes.
 */
export function registerStockScreen(app: FastifyInstance, deps: ModuleDeps): void {
  const service = stockScreenOf(deps);
  registerStockScreenRoutes(app, service);
  deps.startBackground(() => service.follow(tickIntervalMs));
  app.addHook('onClose', async () => service.unfollow());
}
