import type { MarketRepositories } from '../../repositories/market-repositories.ts';
import type { MarketProvider } from '../provider.ts';

/**
 * MARKET_SOURCE=import: the market is what `npm run import` loaded. There is no live feed, so the
 * engine serves each instrument's last imported close; nothing is generated or rolled forward.
 */
export function createImportProvider({
  instruments,
  meta,
}: Pick<MarketRepositories, 'instruments' | 'meta'>): MarketProvider {
  return {
    source: 'import',
    async prepare() {
      return {
        action: 'imported',
        instruments: await instruments.instrumentCount(),
        through: Number((await meta.readMeta('through')) ?? 0),
      };
    },
  };
}
