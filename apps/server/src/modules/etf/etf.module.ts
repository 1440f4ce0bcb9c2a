import type { AppModule } from '../app-module.ts';
import { registerEtfRoutes } from './etf.routes.ts';
import { createEtfService } from './etf.service.ts';

/** ETF holdings and related funds. */
export const etfModule: AppModule = {
  group: 'etf',
  register(app, deps) {
    registerEtfRoutes(app, createEtfService(deps.market));
  },
};
