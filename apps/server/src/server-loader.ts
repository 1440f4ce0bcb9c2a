import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runWithCodeCache } from './code-cache.ts';
import { DEFAULT_DATA_DIR, sqliteFileIn } from './data-location.ts';
import { prefetchStartReads } from './start-reads.ts';

/** The bundle's content hash, set by build.mjs when it builds this loader after the bundle. */
declare const SERVER_BUNDLE_ID: string;

// dist/server.js: runs the server bundle (dist/server-main.cjs) through V8's code cache (code-cache.ts).
const here = path.dirname(fileURLToPath(import.meta.url));
// The start's big SQLite reads begin on the other core while this thread loads the bundle
// (start-reads.ts). The data folder as config.ts makes it and the file database.ts opens in it
// (data-location.ts); on PostgreSQL there is nothing to prefetch.
if (!process.env.DATABASE_URL) {
  const dataDir = path.resolve(process.env.DATA_DIR ?? DEFAULT_DATA_DIR);
  prefetchStartReads({
    bundleId: SERVER_BUNDLE_ID,
    dataDir,
    database: sqliteFileIn(dataDir),
    workerFile: path.join(here, 'start-reads-worker.js'),
  });
}
runWithCodeCache(
  path.join(here, 'server-main.cjs'),
  path.join(here, `server-main.${SERVER_BUNDLE_ID}.v8cache`),
);
