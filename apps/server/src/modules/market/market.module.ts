import type { AppModule } from '../app-module.ts';
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
    registerIndustry(app, deps);
    deps.startBackground(() => void deps.market.storeAfterStart(deps.logger));
  },
};
