import type { AppModule } from '../app-module.ts';
import { registerStockRoutes } from './stock.routes.ts';
import { createStockService } from './stock.service.ts';

/** The stock detail page's calls. */
export const stockModule: AppModule = {
  group: 'stock',
  register(app, deps) {
    registerStockRoutes(app, createStockService(deps.market));
  },
};
