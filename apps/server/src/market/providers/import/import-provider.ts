import type { MarketRepository } from '../../market.repository.ts';
import type { MarketProvider } from '../provider.ts';

/**
 * MARKET_SOURCE=import: the market is what `npm run import` loaded. There is no live feed, so the
 * engine serves each instrument's last imported close; nothing is generated or rolled forward.
 */
export function createImportProvider(repository: MarketRepository): MarketProvider {
  return {
    source: 'import',
    async prepare() {
      return {
        action: 'imported',
        instruments: await repository.instrumentCount(),
        through: Number((await repository.readMeta('through')) ?? 0),
      };
    },
  };
}
