import type { AppModule } from '../app-module.ts';
import { registerFundScreenRoutes } from './fund/fund-screen.routes.ts';
import { fundScreenOf } from './fund/fund-screen.service.ts';

/**
 * Stock and fund screening: each part (the stock screen, saved strategies and diagnosis, fund
 * screening) lives in its own folder under `modules/screener/` and registers its endpoints here.
 */
export const screenerModule: AppModule = {
  group: 'screener',
  register(app, deps) {
    registerFundScreenRoutes(app, fundScreenOf(deps));
  },
};
