import type { AppModule } from '../app-module.ts';
import { registerIndexRoutes } from './index.routes.ts';
import { createIndexService } from './index.service.ts';

/** Index constituents and the industry map of an index or ETF. */
export const indexModule: AppModule = {
  group: 'index',
  register(app, deps) {
    registerIndexRoutes(app, createIndexService(deps.market));
  },
};
