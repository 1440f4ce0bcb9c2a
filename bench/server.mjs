// Shared by the benchmarks that need the real server: starts the built bundle as a child process on
// a free port (PORT=0; the address comes from its "ready" log line) with its own data folder, waits
// for it, and stops it. Also the temp-folder and polling helpers those benchmarks share.
import { execFileSync, spawn } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { serverNodeOptions } from '../tools/server-node-options.mjs';

export const serverBundle = fileURLToPath(new URL('../apps/server/dist/server.js', import.meta.url));

/** A trading-session instant (a Friday, 10:00 Beijing) for benchmarks that need live ticks. */
export const tradingSessionStart = '2026-11-20T10:00:00+08:00';

/**
 * BENCH_DEMO_UNIVERSE=compact runs the benchmarks that do not name a universe on the compact demo
 * market (~600 instruments) instead of the full one: quicker to prepare on a loaded machine, for
 * comparing a change before and after. Figures whose work grows with the market are then not the
 * budget's.
 */
function withBenchUniverse(env) {
  const universe = process.env.BENCH_DEMO_UNIVERSE;
  return universe && env.DEMO_UNIVERSE === undefined ? { ...env, DEMO_UNIVERSE: universe } : env;
}

/** An empty temporary folder; remove it with removeDir. */
export function tempDir(prefix) {
  return mkdtempSync(path.join(tmpdir(), `zhicai-bench-${prefix}-`));
}

export function removeDir(dir) {
  rmSync(dir, { recursive: true, force: true });
}

/**
 * Whether CPU pinning is available (taskset, two cores or more). Benchmarks that claim "one core"
 * pin the server to core 0 and the bench process (the load generator) to core 1, so the two do not
 * compete for a core.
 */
const cores = availableParallelism();
const canPin = (() => {
  if (cores < 2) return false;
  try {
    execFileSync('taskset', ['-p', String(process.pid)], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

/** Pins this (bench) process and all its threads to one core; returns whether it could. */
export function pinBenchProcess(core) {
  if (!canPin) return false;
  execFileSync('taskset', ['-a', '-p', '-c', String(core), String(process.pid)], { stdio: 'ignore' });
  return true;
}

/** Lets this process run on every core again. */
export function unpinBenchProcess() {
  if (!canPin) return;
  execFileSync('taskset', ['-a', '-p', '-c', `0-${cores - 1}`, String(process.pid)], { stdio: 'ignore' });
}

const clockTicksPerSecond = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK']).toString()) || 100;
  } catch {
    return 100;
  }
})();

/**
 * CPU seconds (user + system, all threads) a process has used so far, from /proc; NaN where there
 * is no /proc. The difference over a measured window shows how much of a core the server really
 * had, which on a shared machine tells load from contention.
 */
export function cpuSeconds(pid) {
  const { user, system } = cpuTimes(pid);
  return user + system;
}

/**
 * cpuSeconds split into user and system (kernel) time: what a socket fan-out spends in its own
 * code and what in the kernel's socket writes.
 */
export function cpuTimes(pid) {
  try {
    // After "pid (name) ", state is field 3 of stat; utime and stime are fields 14 and 15.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
    return {
      user: Number(fields[11]) / clockTicksPerSecond,
      system: Number(fields[12]) / clockTicksPerSecond,
    };
  } catch {
    return { user: Number.NaN, system: Number.NaN };
  }
}

/**
 * Starts `node [serverNodeOptions] [nodeArgs] apps/server/dist/server.js` and resolves once it logs "server ready".
 * Options: env (added to a minimal environment), nodeArgs (e.g. --import a preload), ipc (opens an
 * IPC channel to the child), pinCore (runs it under `taskset -c <core>` when taskset exists),
 * timeoutMs (for the start). The result's readyMs is spawn to ready line; logs holds the parsed log
 * lines up to ready; later lines are counted and only the last few kept (request logs under load
 * would otherwise cost the bench process CPU).
 */
export function startServer(dataDir, options = {}) {
  const { env: ownEnv = {}, nodeArgs = [], ipc = false, pinCore, timeoutMs = 180_000 } = options;
  const env = withBenchUniverse(ownEnv);
  const pinned = pinCore !== undefined && canPin;
  // BENCH_SERVER_NODE_ARGS adds node options to every server a benchmark starts, e.g.
  // "--cpu-prof --cpu-prof-dir=/tmp/prof" to profile the server under that benchmark's load.
  const extraArgs = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const args = [...serverNodeOptions, ...extraArgs, ...nodeArgs, serverBundle];
  const command = pinned ? 'taskset' : process.execPath;
  const commandArgs = pinned ? ['-c', String(pinCore), process.execPath, ...args] : args;
  const startedAt = performance.now();
  const child = spawn(command, commandArgs, {
    env: {
      PATH: process.env.PATH ?? '',
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit', ...(ipc ? ['ipc'] : [])],
  });
  const exited = new Promise((resolve) => child.on('exit', resolve));
  const logs = [];
  const tail = [];
  // The full demo market's extension is written after "server ready" (market-fill.ts); its log line
  // says when the market is complete.
  let onFilled;
  const filled = new Promise((resolve) => {
    onFilled = resolve;
  });
  let ready = false;
  let linesAfterReady = 0;
  const background = [];
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`server not ready after ${timeoutMs} ms`));
    }, timeoutMs);
    let buffered = '';
    child.stdout.on('data', (chunk) => {
      buffered += chunk.toString();
      const lines = buffered.split('\n');
      buffered = lines.pop() ?? '';
      for (const line of lines) {
        if (ready) {
          if (line.includes('"market filled"'))
            onFilled({ ...JSON.parse(line), at: performance.now() - startedAt });
          // Work the server starts once it listens (the screens' builds, every 'start work after
          // listen' line): off the start's clock, so benchmarks print its cost beside the start.
          else if (
            /"msg":"((stock|fund) screen (table|scores) (built|loaded)|start work after listen)"/.test(line)
          )
            background.push({ ...JSON.parse(line), at: performance.now() - startedAt });
          linesAfterReady += 1;
          tail.push(line);
          if (tail.length > 20) tail.shift();
          continue;
        }
        let entry;
        try {
          entry = JSON.parse(line);
        } catch {
          // Not a log line (e.g. --trace-gc output from BENCH_SERVER_NODE_ARGS).
          tail.push(line);
          continue;
        }
        logs.push(entry);
        if (entry.msg?.includes('server ready')) {
          ready = true;
          clearTimeout(timer);
          resolve({
            address: entry.address,
            readyMs: performance.now() - startedAt,
            child,
            logs,
            tail,
            linesAfterReady: () => linesAfterReady,
            /** The screens' build and 'start work after listen' lines seen after ready (plus `at`, ms since spawn). */
            background,
            /** Resolves with the "market filled" log line (plus `at`, ms since spawn) once it appears. */
            filled,
            stop: async () => {
              if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
              await exited;
            },
          });
        }
      }
    });
    exited.then((code) => {
      clearTimeout(timer);
      if (!ready) reject(new Error(`server exited early with code ${code} (signal ${child.signalCode})`));
    });
  });
}

/** Market clock ('real time' or MARKET_CLOCK_START) and universe → { dir, ready } of a generated market. */
const templates = new Map();
process.on('exit', () => {
  for (const { dir } of templates.values()) removeDir(dir);
});

/**
 * A temp data folder holding an already generated demo market, so benchmarks that measure a running
 * server do not each pay the 10-30 s of a first start. The market is generated once per bench run
 * and per market clock (a market generated through a later day would have no live session at an
 * earlier clock), then copied.
 */
export async function preparedDataDir(prefix, env = {}) {
  // BENCH_MARKET_DIR names a folder already holding a complete market for the same clock and
  // universe (a stopped server's DATA_DIR): copied instead of generated, since the full universe's
  // first start and fill take minutes.
  const prepared = process.env.BENCH_MARKET_DIR;
  if (prepared) {
    const target = tempDir(prefix);
    cpSync(prepared, target, { recursive: true });
    return target;
  }
  const key = `${env.MARKET_CLOCK_START ?? 'real time'}|${withBenchUniverse(env).DEMO_UNIVERSE ?? 'full'}`;
  let template = templates.get(key);
  if (!template) {
    const dir = tempDir('template');
    // Stopped only once the market is complete: a fill left running would compete with the
    // benchmark's measurements in every copy.
    const ready = startServer(dir, { env }).then(async (server) => {
      await Promise.race([server.filled, rejectAfter(900_000, 'the market was not filled')]);
      await server.stop();
    });
    template = { dir, ready };
    templates.set(key, template);
  }
  await template.ready;
  const target = tempDir(prefix);
  cpSync(template.dir, target, { recursive: true });
  return target;
}

/**
 * The server's log line whose msg is `msg` (or any of several), parsed: one already logged (up to
 * ready, or among the recent lines) or the next one; rejects after timeoutMs. Benchmarks read what
 * background work cost from such lines, since no request's time shows it.
 */
export function logLine(server, msg, timeoutMs = 120_000) {
  const messages = Array.isArray(msg) ? msg : [msg];
  const markers = messages.map((message) => `"msg":"${message}"`);
  const matches = (line) => markers.some((marker) => line.includes(marker));
  const logged = server.logs.find((entry) => messages.includes(entry.msg));
  if (logged) return Promise.resolve(logged);
  const recent = server.tail.find(matches);
  if (recent) return Promise.resolve(JSON.parse(recent));
  return new Promise((resolve, reject) => {
    let buffered = '';
    const onData = (chunk) => {
      buffered += chunk.toString();
      const lines = buffered.split('\n');
      buffered = lines.pop() ?? '';
      const line = lines.find(matches);
      if (!line) return;
      clearTimeout(timer);
      server.child.stdout.off('data', onData);
      resolve(JSON.parse(line));
    };
    const timer = setTimeout(() => {
      server.child.stdout.off('data', onData);
      reject(new Error(`no "${messages.join('" or "')}" log line within ${timeoutMs} ms`));
    }, timeoutMs);
    server.child.stdout.on('data', onData);
  });
}

/** A promise rejected after `ms` with `what`; for Promise.race with something that may never come. */
export function rejectAfter(ms, what) {
  return new Promise((_, reject) =>
    setTimeout(() => reject(new Error(`${what} within ${ms} ms`)), ms).unref(),
  );
}

/** GET as JSON; rejects on a network error or a non-2xx status. */
export async function getJson(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return response.json();
}

/** Polls check() every intervalMs until it returns something truthy; resolves with it. */
export async function waitFor(check, { timeoutMs = 60_000, intervalMs = 20, what = 'condition' } = {}) {
  const deadline = performance.now() + timeoutMs;
  for (;;) {
    try {
      const result = await check();
      if (result) return result;
    } catch {
      // Not there yet (connection refused, 5xx): try again.
    }
    if (performance.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

/**
 * The `n` most-traded A-shares by the server's own ranking (riseFallCapitals by amount): real codes
 * of the demo market, the kind of list a watchlist or a home page asks quotes for.
 */
export async function mostTradedCodes(address, n) {
  const body = await getJson(`${address}/api/v2/rank/riseFallCapitals?sort=amount&size=${n}`);
  const codes = body.datas.map((quote) => quote.code);
  if (codes.length !== n) throw new Error(`asked for ${n} codes, the ranking gave ${codes.length}`);
  return codes;
}

/** Percentile (0..100) of an ascending-sorted array, nearest rank. */
export function percentile(sorted, p) {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index];
}

/**
 * The setup of the throughput benchmarks judged per server CPU-second: a prepared market copied for
 * `prefix` (changed by `prepare(dataDir)` before the server starts), the server pinned to core 0
 * and this process (autocannon) to core 1, so the two do not compete for a core and the wall rate
 * on a shared machine does not decide the figure. Runs `measure(bench)` and stops and removes
 * everything after it, whatever happens; `bench` holds server, dataDir, address and `where` (how the
 * processes were placed, for the detail line).
 */
export async function withPinnedServer(prefix, { env = {}, prepare } = {}, measure) {
  const dataDir = await preparedDataDir(prefix, env);
  let server;
  let pinned = false;
  try {
    await prepare?.(dataDir);
    server = await startServer(dataDir, { env, pinCore: 0 });
    pinned = pinBenchProcess(1);
    const where = pinned
      ? 'server pinned to core 0, autocannon on core 1'
      : 'taskset missing: server and autocannon not pinned';
    return await measure({ server, dataDir, address: server.address, where });
  } finally {
    if (pinned) unpinBenchProcess();
    await server?.stop();
    removeDir(dataDir);
  }
}

/**
 * One autocannon run of `requests` (autocannon's request list) against the server for `seconds`,
 * after `warmupSeconds` of the same load (JIT, caches). Answers autocannon's result with the
 * server's CPU seconds over the measured run, the failed requests, the judged rate (successful
 * requests per server CPU-second), the server's share of a core (%) and the mean answer size (KB).
 */
export async function serverLoad(server, { requests, connections, seconds, warmupSeconds = 0 }) {
  const load = (duration) => autocannon({ url: server.address, connections, duration, requests });
  if (warmupSeconds > 0) await load(warmupSeconds);
  const pid = server.child.pid;
  const cpuBefore = cpuSeconds(pid);
  const result = await load(seconds);
  const cpu = cpuSeconds(pid) - cpuBefore;
  const failed = result.non2xx + result.errors + result.timeouts;
  return {
    result,
    cpu,
    failed,
    perCpuSecond: (result.requests.total - failed) / cpu,
    corePercent: (100 * cpu) / seconds,
    kbEach: result.throughput.average / result.requests.average / 1024,
  };
}

/** The open-file limit of this shell (`ulimit -n`); Infinity where it cannot be read. */
export function openFileLimit() {
  try {
    return Number(execFileSync('sh', ['-c', 'ulimit -n']).toString().trim());
  } catch {
    return Number.POSITIVE_INFINITY;
  }
}

/** Resolves with the next message of `type` from a worker thread, or rejects on its `failed` one. */
export function nextWorkerMessage(worker, type) {
  return new Promise((resolve, reject) => {
    const onMessage = (message) => {
      if (message.type === type) {
        worker.off('message', onMessage);
        resolve(message);
      } else if (message.type === 'failed') {
        worker.off('message', onMessage);
        reject(new Error(message.error));
      }
    };
    worker.on('message', onMessage);
    worker.once('error', reject);
  });
}

/** The offset of the server's market clock from the real clock, from its "market ready" log line. */
export function marketClockOffset(server) {
  const marketReady = server.logs.find((entry) => entry.msg === 'market ready');
  if (!marketReady?.marketClock || typeof marketReady.time !== 'number')
    throw new Error('the "market ready" log line has no marketClock; is MARKET_CLOCK_START applied?');
  return Date.parse(marketReady.marketClock) - marketReady.time;
}

/**
 * Asks a server started with `--import bench/event-loop-probe.mjs` and IPC (`loop-reset`,
 * `loop-report`) and resolves with its answer of type `answer`.
 */
export function askProbe(child, type, answer) {
  return new Promise((resolve) => {
    const onMessage = (message) => {
      if (message?.type !== answer) return;
      child.off('message', onMessage);
      resolve(message);
    };
    child.on('message', onMessage);
    child.send({ type });
  });
}

/**
 * startServer on a prepared data folder that is removed if the server does not start, so a failed
 * run leaves no copy behind (a full market's is 1.5 GB).
 */
export async function startServerOnCopy(dataDir, options) {
  try {
    return await startServer(dataDir, options);
  } catch (error) {
    removeDir(dataDir);
    throw error;
  }
}
