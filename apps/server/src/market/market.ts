import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { type InstrumentDirectory, loadInstrumentDirectory } from './instrument-directory.ts';
import { createDemoProvider } from './providers/demo/demo-provider.ts';
import { createImportProvider } from './providers/import/import-provider.ts';
import type { MarketProvider, PrepareResult } from './providers/provider.ts';
import { createQuoteEngine, type QuoteEngine } from './quote-engine.ts';
import { createMarketRepositories, type MarketRepositories } from './repositories/market-repositories.ts';

/** Everything the market endpoints and the socket read: the master, the engine and the SQL. */
export interface Market {
  directory: InstrumentDirectory;
  engine: QuoteEngine;
  repositories: MarketRepositories;
  provider: MarketProvider;
  prepared: PrepareResult;
}

export interface MarketOptions {
  db: Kysely<Database>;
  clock: () => Date;
  /** MARKET_SOURCE: `demo` generates the market; `import` serves what `npm run import` loaded. */
  source: 'demo' | 'import';
  onError?: (error: unknown) => void;
  /** False opens the market as the database holds it, without generating or rolling forward. */
  prepare?: boolean;
}

export async function openMarket(options: MarketOptions): Promise<Market> {
  const repositories = createMarketRepositories(options.db);
  const provider =
    options.source === 'demo' ? createDemoProvider(repositories) : createImportProvider(repositories);
  const prepared =
    options.prepare === false
      ? {
          action: 'current' as const,
          instruments: await repositories.instruments.instrumentCount(),
          through: 0,
        }
      : await provider.prepare(options.clock());
  if (options.prepare === false) await provider.load?.();
  const directory = await loadInstrumentDirectory(repositories);
  const engine = await createQuoteEngine({
    repositories,
    provider,
    directory,
    clock: options.clock,
    ...(options.onError ? { onError: options.onError } : {}),
  });
  return { directory, engine, repositories, provider, prepared };
}
