import { existsSync } from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { marketSessionStart, repoRoot, serverEntry, startServerProcess } from './support/server-process.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where the server under test listens, e.g. http://127.0.0.1:41234 (no trailing slash). */
    baseUrl: string;
    /**
     * The server's data folder. The local SMS sender appends each message to
     * `${dataDir}/outbox/sms.jsonl`, where the login tests read their codes.
     */
    dataDir: string;
  }
}

const webIndex = path.join(repoRoot, 'apps/web/dist/index.html');

/**
 * Starts the real built server on a free port with a fresh data folder (a new SQLite file and
 * the demo seed), waits until /healthz answers 200, and hands the base URL to the tests.
 */
export default async function setup(project: TestProject) {
  for (const file of [serverEntry, webIndex]) {
    if (!existsSync(file))
      throw new Error(`${path.relative(repoRoot, file)} is missing: run \`npm run build\` first`);
  }
  // The market clock starts mid-session on a trading day, so quotes tick during the run whatever
  // the real date and time are (issue 4: "the clock is injectable").
  const server = await startServerProcess(() => ({ MARKET_CLOCK_START: marketSessionStart }));

  project.provide('baseUrl', server.baseUrl);
  project.provide('dataDir', server.dataDir);

  return () => server.stop();
}
