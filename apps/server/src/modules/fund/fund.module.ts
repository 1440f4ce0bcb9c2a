import type { AppModule } from '../app-module.ts';
import { registerFundRoutes } from './fund.routes.ts';
import { createFundService } from './fund.service.ts';

/** Fund details, NAV history, holdings, fees and managers. */
export const fundModule: AppModule = {
  group: 'fund',
  register(app, deps) {
    registerFundRoutes(app, createFundService(deps.market));
  },
};
