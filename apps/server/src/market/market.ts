import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { logStartWorkAfterListen } from './event-loop-slices.ts';
import { type InstrumentDirectory, loadInstrumentDirectory } from './instrument-directory.ts';
import { openDemoProvider } from './providers/demo/demo-provider.ts';
import type { DemoUniverse } from './providers/demo/instrument-catalogue.ts';
import { createImportProvider } from './providers/import/import-provider.ts';
import type { FillResult, MarketProvider, PrepareResult } from './providers/provider.ts';
import { createQuoteEngine, type QuoteEngine } from './quote-engine.ts';
import { createMarketRepositories, type MarketRepositories } from './repositories/market-repositories.ts';
import type { MembershipsRepository } from './repositories/memberships.repository.ts';

/** Everything the market endpoints and the socket read: the master, the engine and the SQL. */
export interface Market {
  directory: InstrumentDirectory;
  engine: QuoteEngine;
  repositories: MarketRepositories;
  provider: MarketProvider;
  prepared: PrepareResult;
  /**
   * Writes what the first start left to the background (the full demo market's extension) while
   * the server serves; the engine quotes new series as they are written. Null when nothing was left.
   */
  fill(signal?: AbortSignal): Promise<FillResult | null>;
  /**
   * Writes what the start left until it had answered (MarketProvider.storeAfterStart) and logs its
   * CPU as work after listen, beside the restart's figure (bench/server-start.mjs).
   */
  storeAfterStart(log: StartLog): Promise<void>;
}

/** Where storeAfterStart reports (the app's logger). */
export interface StartLog {
  info(fields: object, msg: string): void;
  error(fields: object, msg: string): void;
}

export interface MarketOptions {
  db: Kysely<Database>;
  clock: () => Date;
  /** MARKET_SOURCE: `demo` generates the market; `import` serves what `npm run import` loaded. */
  source: 'demo' | 'import';
  onError?: (error: unknown) => void;
  /** False opens the market as the database holds it, without generating or rolling forward. */
  prepare?: boolean;
  /** DEMO_UNIVERSE: the demo market at the real market's size, or the compact one (the default). */
  universe?: DemoUniverse;
}

export async function openMarket(options: MarketOptions): Promise<Market> {
  const opening = readingMembersOnce(createMarketRepositories(options.db));
  const { repositories } = opening;
  const provider =
    options.source === 'demo'
      ? await openDemoProvider(repositories, options.universe ? { universe: options.universe } : {})
      : createImportProvider(repositories);
  const prepared =
    options.prepare === false
      ? {
          action: 'current' as const,
          instruments: await repositories.instruments.instrumentCount(),
          through: 0,
        }
      : await provider.prepare(options.clock());
  if (options.prepare === false) await provider.load?.();
  const engineStarted = performance.now();
  const directory = await loadInstrumentDirectory(repositories);
  const engine = await createQuoteEngine({
    repositories,
    provider,
    directory,
    clock: options.clock,
    ...(options.onError ? { onError: options.onError } : {}),
  });
  if (prepared.phases) prepared.phases.engine = Math.round(performance.now() - engineStarted);
  opening.opened();
  const fill = async (signal?: AbortSignal) =>
    (await provider.fill?.(options.clock(), () => engine.reload(), signal)) ?? null;
  const storeAfterStart = async (log: StartLog) => {
    try {
      const done = await provider.storeAfterStart?.();
      if (done) logStartWorkAfterListen(log, done.what, done.cpuMs);
    } catch (error) {
      // The next start tries again: what it stores is already in memory.
      log.error({ err: error }, 'market store after start failed');
    }
  };
  return { directory, engine, repositories, provider, prepared, fill, storeAfterStart };
}

/**
 * The repositories a market opens with, reading every index member once while it opens: the demo
 * provider's compositions and the directory each read all of them (~30,000 rows at full size, a
 * tenth of a restart's 1 s budget each). A write of members drops the shared read, and once the
 * market is open (`opened`) every read goes to the database again (a later roll, another instance's
 * review).
 */
function readingMembersOnce(repositories: MarketRepositories): {
  repositories: MarketRepositories;
  opened(): void;
} {
  const { memberships } = repositories;
  let open = false;
  let shared: ReturnType<MembershipsRepository['listIndexMembers']> | null = null;
  return {
    repositories: {
      ...repositories,
      memberships: {
        ...memberships,
        listIndexMembers() {
          if (open) return memberships.listIndexMembers();
          shared ??= memberships.listIndexMembers();
          return shared;
        },
        insertIndexMembers(executor, rows) {
          shared = null;
          return memberships.insertIndexMembers(executor, rows);
        },
        replaceIndexMembers(executor, indexCodes, rows) {
          shared = null;
          return memberships.replaceIndexMembers(executor, indexCodes, rows);
        },
      },
    },
    opened() {
      open = true;
      shared = null;
    },
  };
}
