import type { AppModule } from '../app-module.ts';
import { registerStockScreen } from './stock/index.ts';
import { registerScreenerStrategy } from './strategy/register-strategy.ts';

/**
 * Stock and fund screening: each part (the stock screen, saved strategies and diagnosis, fund
 * screening) lives in its own folder under `modules/screener/` and registers its endpoints here.
 */
export const screenerModule: AppModule = {
  group: 'screener',
  async register(app, deps) {
    registerStockScreen(app, deps);
    await registerScreenerStrategy(app, deps);
  },
};
