import type { AppModule } from '../app-module.ts';
import { registerFundCompare } from './compare/fund-compare.module.ts';
import { registerFundRoutes } from './fund.routes.ts';
import { createFundService } from './fund.service.ts';

/** Fund details, NAV history, holdings, fees and managers, and the comparisons (modules/fund/compare/). */
export const fundModule: AppModule = {
  group: 'fund',
  register(app, deps) {
    const service = createFundService(deps.market);
    registerFundRoutes(app, service);
    registerFundCompare(app, deps, service);
  },
};
