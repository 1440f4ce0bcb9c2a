import type { AppModule } from '../app-module.ts';
import { createImageReader } from './image-reader.ts';
import { createPeriodReferences } from './period-changes.ts';
import { createWatchlistRepository } from './watchlist.repository.ts';
import { registerWatchlistRoutes } from './watchlist.routes.ts';
import { createWatchlistService } from './watchlist.service.ts';

/** The watchlist: groups, items with live quote columns, settings and imports (issue 16). */
export const watchlistModule: AppModule = {
  group: 'watchlist',
  register(app, deps) {
    const service = createWatchlistService({
      repository: createWatchlistRepository(deps.db),
      market: deps.market,
      references: createPeriodReferences(deps.market),
      clock: deps.clock,
    });
    const imageReader = createImageReader();
    app.addHook('onClose', () => imageReader.close());
    registerWatchlistRoutes(app, service, deps.market, imageReader);
  },
};
