import type { AppModule } from '../app-module.ts';
import { registerFundScreenRoutes } from './fund/fund-screen.routes.ts';
import { fundScreenOf } from './fund/fund-screen.service.ts';
import { registerStockScreen, stockScreenOf } from './stock/index.ts';
import { registerScreenerStrategy } from './strategy/register-strategy.ts';
import { engineScreens } from './strategy/strategy-screens.ts';

/**
 * Stock and fund screening: each part (the stock screen, saved strategies and diagnosis, fund
 * screening) lives in its own folder under `modules/screener/` and registers its endpoints here.
 * Saved strategies run on the same two screens the select calls answer from.
 */
export const screenerModule: AppModule = {
  group: 'screener',
  async register(app, deps) {
    const stocks = stockScreenOf(deps);
    const funds = fundScreenOf(deps);
    registerStockScreen(app, deps);
    registerFundScreenRoutes(app, funds, deps.startBackground);
    await registerScreenerStrategy(app, deps, engineScreens(stocks, funds));
  },
};
