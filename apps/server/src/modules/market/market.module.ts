import type { AppModule } from '../app-module.ts';
import { registerConnectRoutes } from './connect/connect.routes.ts';
import { registerIndustry } from './industry/industry.module.ts';
import { registerMarketRoutes } from './market.routes.ts';
import { createMarketService } from './market.service.ts';
import { createRankService } from './rank.service.ts';

/** Quotes, K-lines, search, rankings and the market overview. */
export const marketModule: AppModule = {
  group: 'market',
  register(app, deps) {
    registerMarketRoutes(app, {
      service: createMarketService(deps.market),
      ranks: createRankService(deps.market),
      preRouter: deps.preRouter,
    });
    registerConnectRoutes(app, deps.market);
    registerIndustry(app, deps);
    deps.startBackground(() => void deps.market.storeAfterStart(deps.logger));
  },
};
