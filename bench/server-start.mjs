// Server start, two figures:
// - first start: an empty data folder, so migrations, the demo seed and the generated demo market
//   (the full-size universe, DEMO_UNIVERSE's default) all run; timed from spawning
//   `node apps/server/dist/server.js` until /healthz answers and realTime returns a quote. The
//   market's extension is written after that while serving (market-fill.ts): its time to complete
//   and the database's size are printed beside the figure.
// - restart: the same data folder again, spawn to the first realTime answer, median of RUNS restarts.
//   Quotes are built as asked and the rest once the first requests after listening are answered
//   (quote-engine.ts warm, app.ts warmUp): the CPU
//   the server spends after that answer until every quote is built is printed beside it, and
//   whether each restart compiled from V8's code cache (the first after a build writes it after
//   the warm-up, its cost printed too), and whether it took its big SQLite reads from the prefetch
//   the loader starts on the other core (start-reads.ts; recorded by the restart before), with that
//   worker's CPU and the main thread's time taking its rows.
// With BENCH_MARKET_DIR (a filled full market) the first start is skipped and the restarts run on a
// copy of that folder.

import { statSync } from 'node:fs';
import { loadavg } from 'node:os';
import path from 'node:path';
import {
  cpuSeconds,
  getJson,
  logLine,
  preparedDataDir,
  rejectAfter,
  removeDir,
  startServer,
  tempDir,
  tradingSessionStart,
  waitFor,
} from './server.mjs';

export const name = 'server start';
export const budget = { value: 1000, unit: 'ms' };

const RUNS = 5;

async function servingMs(dataDir) {
  const spawnedAt = performance.now();
  const server = await startServer(dataDir);
  const readyMs = performance.now() - spawnedAt;
  await waitFor(async () => (await getJson(`${server.address}/healthz`)).datas?.status === 'ok', {
    what: '/healthz',
  });
  const quote = await waitFor(
    async () => (await getJson(`${server.address}/api/v2/capital/realTime?codes=600519.SH`)).datas?.[0],
    { what: 'a realTime quote' },
  );
  const ms = performance.now() - spawnedAt;
  const cpuMs = cpuSeconds(server.child.pid) * 1000;
  const market = server.logs.find((entry) => entry.msg === 'market ready');
  const filled = await Promise.race([server.filled, rejectAfter(900_000, 'the market was not filled')]);
  const fillCpuMs = cpuSeconds(server.child.pid) * 1000 - cpuMs;
  const background = [...server.background];
  await server.stop();
  return {
    ms,
    cpuMs,
    readyMs,
    market,
    quote,
    filled,
    fillCpuMs,
    background,
    databaseBytes: databaseSize(dataDir),
  };
}

function databaseSize(dataDir) {
  try {
    return statSync(path.join(dataDir, 'zhicai.sqlite')).size;
  } catch {
    return 0;
  }
}

const startWorkAfterListenMsg = 'start work after listen';
const routeSchemas = 'route schemas built on first use';

/** The total CPU of a server's 'start work after listen' lines so far, and each part's. */
function startWorkAfterListen(server) {
  const lines = [...server.logs, ...server.background].filter((line) => line.msg === startWorkAfterListenMsg);
  const cpuMs = lines.reduce((total, line) => total + line.cpuMs, 0);
  const parts = lines.map((line) => `${line.what} ${line.cpuMs} ms`).join(', ') || 'none';
  return { cpuMs, parts };
}

/** RUNS restarts on a data folder: spawn to the first realTime answer, and what follows it. */
async function restartsOn(dataDir, env = {}) {
  const restarts = [];
  const restartCpu = [];
  const readyLines = [];
  const afterCpu = [];
  const builtMs = [];
  const warmWaitedMs = [];
  const loads = [];
  const codeCaches = [];
  const movedAfterListen = [];
  const prefetches = [];
  for (let i = 0; i < RUNS; i += 1) {
    // Timed to the first realTime answer, not the ready line: work the server starts once it
    // listens can hold the loop, and the user waits for the answer.
    const spawnedAt = performance.now();
    const server = await startServer(dataDir, { env, timeoutMs: 600_000 });
    readyLines.push(server.readyMs);
    await waitFor(
      async () => (await getJson(`${server.address}/api/v2/capital/realTime?codes=600519.SH`)).datas?.[0],
      { what: 'a realTime quote' },
    );
    restarts.push(performance.now() - spawnedAt);
    const answeredCpu = cpuSeconds(server.child.pid) * 1000;
    restartCpu.push(answeredCpu);
    loads.push(loadavg()[0]);
    // Work moved off the clock: the rest of the quotes, built in slices after listen.
    const built = await logLine(server, 'quotes built', 300_000);
    afterCpu.push(cpuSeconds(server.child.pid) * 1000 - answeredCpu);
    builtMs.push(built.ms);
    warmWaitedMs.push(built.waitedMs);
    // The route schemas are built on first use (lazy-schema.ts): the OpenAPI document builds them
    // all, and the server logs what that took as work moved after listen.
    await getJson(`${server.address}/api/openapi.json`);
    await waitFor(async () => server.background.some((line) => line.what === routeSchemas), {
      what: 'the route schemas’ cost line',
    });
    movedAfterListen.push(startWorkAfterListen(server));
    // A start without a usable code cache (the first after a build) writes one after the warm-up.
    const ready = server.logs.find((entry) => entry.msg?.includes('server ready'));
    const codeCache = ready?.codeCache ?? 'none';
    const reads = ready?.startReads;
    prefetches.push(
      reads
        ? `${reads.status}${reads.reason ? ` (${reads.reason})` : ''} ${reads.used}/${reads.of}, ` +
            `taking ${reads.takeMs} ms (waited ${reads.waitedMs}), worker CPU ${reads.workerCpuMs ?? '?'} ms`
        : 'none',
    );
    const written =
      codeCache === 'used' ? null : await logLine(server, 'code cache written', 30_000).catch(() => null);
    codeCaches.push(
      written
        ? `${codeCache} (written after: ${written.ms} ms, ${(written.bytes / 2 ** 20).toFixed(1)} MiB)`
        : codeCache,
    );
    await server.stop();
  }
  const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  return {
    name: 'server restart to the first realTime answer',
    budget,
    value: median(restarts),
    detail:
      `median of ${RUNS} restarts on the existing data folder: ${restarts.map((ms) => ms.toFixed(0)).join(', ')} ms ` +
      `(ready line median ${median(readyLines).toFixed(0)} ms); ` +
      `server CPU to the first answer, median ${median(restartCpu).toFixed(0)} ms ` +
      `(${restartCpu.map((ms) => ms.toFixed(0)).join(', ')}); ` +
      `compiled code (code-cache.ts) per restart: ${codeCaches.join(', ')}; ` +
      `start reads prefetched on the other core (start-reads.ts) per restart: ${prefetches.join('; ')}; ` +
      `after it, until every quote is built (off the clock): CPU median ${median(afterCpu).toFixed(0)} ms ` +
      `(${afterCpu.map((ms) => ms.toFixed(0)).join(', ')}), warm-up wall median ${median(builtMs)} ms, ` +
      `begun once the first requests were answered (app.ts warmUp): median ${median(warmWaitedMs)} ms after listening; ` +
      `work moved after listen ('${startWorkAfterListenMsg}' lines, off the clock): CPU median ` +
      `${median(movedAfterListen.map((moved) => moved.cpuMs)).toFixed(0)} ms ` +
      `(${movedAfterListen.map((moved) => moved.cpuMs.toFixed(0)).join(', ')}; last restart: ${movedAfterListen.at(-1)?.parts}); ` +
      `load average ${loads.map((load) => load.toFixed(1)).join(', ')}`,
  };
}

export async function run() {
  if (process.env.BENCH_MARKET_DIR) {
    const dataDir = await preparedDataDir('restart');
    try {
      // The folder is filled through the bench clock's day: a later clock would roll it forward first.
      return [await restartsOn(dataDir, { MARKET_CLOCK_START: tradingSessionStart })];
    } finally {
      removeDir(dataDir);
    }
  }
  const dataDir = tempDir('start');
  try {
    const first = await servingMs(dataDir);
    return [
      {
        name: 'server first start (empty data folder) to serving',
        budget: { value: 30_000, unit: 'ms' },
        value: first.ms,
        detail:
          `ready line at ${first.readyMs.toFixed(0)} ms, of which generating the demo market ` +
          `${first.market?.ms ?? '?'} ms (${first.market?.instruments ?? '?'} instruments through ` +
          `${first.market?.through ?? '?'}); /healthz and realTime (${first.quote.code} ${first.quote.price}) ` +
          `answered at ${first.ms.toFixed(0)} ms; server CPU ${first.cpuMs.toFixed(0)} ms (wall − CPU ≈ waiting for ` +
          'a core on a busy machine). Written after serving, while serving: ' +
          `${first.filled.daySeries} day series, ${first.filled.funds} funds, ${first.filled.statements} statements ` +
          `in ${first.filled.ms} ms (server CPU ${first.fillCpuMs.toFixed(0)} ms); the market was complete ` +
          `${(first.filled.at / 1000).toFixed(1)} s after spawning; database ${(first.databaseBytes / 2 ** 20).toFixed(0)} MiB. ` +
          'Started once serving, beside the fill: ' +
          (first.background
            .map(
              (line) =>
                `${line.what ?? line.msg} (CPU ${line.cpuMs} ms${line.wallMs === undefined ? '' : `, wall ${line.wallMs} ms`}, ` +
                `done at ${(line.at / 1000).toFixed(1)} s)`,
            )
            .join('; ') || 'no screen build logged') +
          `; generation phases ${JSON.stringify(first.market?.phases ?? {})}`,
      },
      await restartsOn(dataDir),
    ];
  } finally {
    removeDir(dataDir);
  }
}
