import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { type InstrumentDirectory, loadInstrumentDirectory } from './instrument-directory.ts';
import { createMarketRepository, type MarketRepository } from './market.repository.ts';
import { createDemoProvider } from './providers/demo/demo-provider.ts';
import { createImportProvider } from './providers/import/import-provider.ts';
import type { MarketProvider, PrepareResult } from './providers/provider.ts';
import { createQuoteEngine, type QuoteEngine } from './quote-engine.ts';

/** Everything the market endpoints and the socket read: the master, the engine and the SQL. */
export interface Market {
  directory: InstrumentDirectory;
  engine: QuoteEngine;
  repository: MarketRepository;
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
  const repository = createMarketRepository(options.db);
  const provider =
    options.source === 'demo' ? createDemoProvider(repository) : createImportProvider(repository);
  const prepared =
    options.prepare === false
      ? { action: 'current' as const, instruments: await repository.instrumentCount(), through: 0 }
      : await provider.prepare(options.clock());
  const directory = await loadInstrumentDirectory(repository);
  const engine = await createQuoteEngine({
    repository,
    provider,
    directory,
    clock: options.clock,
    ...(options.onError ? { onError: options.onError } : {}),
  });
  return { directory, engine, repository, provider, prepared };
}
