import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runWithCodeCache } from './code-cache.ts';

/** The bundle's content hash, set by build.mjs when it builds this loader after the bundle. */
declare const SERVER_BUNDLE_ID: string;

// dist/server.js: runs the server bundle (dist/server-main.cjs) through V8's code cache (code-cache.ts).
const here = path.dirname(fileURLToPath(import.meta.url));
runWithCodeCache(
  path.join(here, 'server-main.cjs'),
  path.join(here, `server-main.${SERVER_BUNDLE_ID}.v8cache`),
);
