import type { FastifyInstance } from 'fastify';
import type { Market } from '../../../market/market.ts';
import type { ModuleDeps } from '../../app-module.ts';
import { createStockScreenRepository } from './stock-screen.repository.ts';
import { registerStockScreenRoutes } from './stock-screen.routes.ts';
import { createStockScreenService, type StockScreenService } from './stock-screen.service.ts';
import { createStockScreenEngine } from './stock-screen-engine.ts';

/**
 * The stock screen (issue 18 items 1, 2 and 7). One screen per market: the endpoints and the
 * strategy part's re-runs read the same column store, so a saved strategy's members are exactly
 * what select answers for its conditions.
 */
const screens = new WeakMap<Market, StockScreenService>();

export function stockScreenOf(deps: Pick<ModuleDeps, 'db' | 'market' | 'clock'>): StockScreenService {
  let service = screens.get(deps.market);
  if (!service) {
    service = createStockScreenService(
      createStockScreenEngine(deps.market, createStockScreenRepository(deps.db), deps.clock),
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
  deps: Pick<ModuleDeps, 'db' | 'market' | 'clock'>,
  conditions: Readonly<Record<string, unknown>>,
): Promise<string[]> {
  return stockScreenOf(deps).codes(conditions);
}

export function registerStockScreen(app: FastifyInstance, deps: ModuleDeps): void {
  registerStockScreenRoutes(app, stockScreenOf(deps));
}
