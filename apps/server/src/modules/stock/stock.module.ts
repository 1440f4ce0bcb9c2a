import type { AppModule } from '../app-module.ts';
import { registerStockCompare } from './compare/stock-compare.module.ts';
import { registerStockRoutes } from './stock.routes.ts';
import { createStockService } from './stock.service.ts';

/** The stock detail page's calls, and the comparisons (modules/stock/compare/) built on them. */
export const stockModule: AppModule = {
  group: 'stock',
  register(app, deps) {
    const service = createStockService(deps.market);
    registerStockRoutes(app, service);
    registerStockCompare(app, deps, service);
  },
};
