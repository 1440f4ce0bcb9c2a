// realTime throughput: requests per second the built server answers on GET /api/v2/capital/realTime
// for 50 codes (the 50 most-traded A-shares of the demo market, fetched from its own ranking) and
// for a single quote, mid-session (MARKET_CLOCK_START) so the quotes are live ones.
//
// "One core": the server is one Node process pinned to core 0 with taskset; autocannon runs inside
// this bench process, pinned to core 1, so the load generator never takes the server's core. Each
// figure is one autocannon run after a warm-up run (JIT, caches), with browser-like request headers
// (Accept-Encoding: gzip, deflate, br), so a 50-quote answer (~20 KB) goes out compressed the way
// @fastify/compress sends it to a phone; the uncompressed rate is printed beside it. Each rate comes
// with the server's CPU time over its run, as requests per server CPU-second.
import autocannon from 'autocannon';
import {
  cpuSeconds,
  mostTradedCodes,
  pinBenchProcess,
  preparedDataDir,
  removeDir,
  startServer,
  tradingSessionStart,
  unpinBenchProcess,
} from './server.mjs';

export const name = 'realTime req/s';

const CONNECTIONS = 50;
const WARMUP_SECONDS = 3;
const SECONDS = 10;
const browserHeaders = { 'accept-encoding': 'gzip, deflate, br', accept: 'application/json' };

async function load(url, headers, duration) {
  const result = await autocannon({ url, headers, connections: CONNECTIONS, duration });
  const failed = result.non2xx + result.errors + result.timeouts;
  if (failed > 0) throw new Error(`${url}: ${failed} failed requests (non-2xx, errors, timeouts)`);
  return result;
}

/**
 * One measured run, with the server's CPU time over it: requests per server CPU-second is what the
 * server would reach with its core to itself, which tells its cost from a busy machine's noise.
 */
async function measured(pid, url, headers) {
  const cpuBefore = cpuSeconds(pid);
  const result = await load(url, headers, SECONDS);
  const cpu = cpuSeconds(pid) - cpuBefore;
  const rate = result.requests.average;
  const kb = result.throughput.average / rate / 1024;
  const perCpuSecond = result.requests.total / cpu;
  return {
    rate,
    text:
      `${rate.toFixed(0)} req/s (p99 ${result.latency.p99} ms, ${kb.toFixed(1)} KB each, server at ` +
      `${((100 * cpu) / SECONDS).toFixed(0)}% of a core: ${perCpuSecond.toFixed(0)} req per server CPU-second)`,
  };
}

async function measure(pid, url) {
  await load(url, browserHeaders, WARMUP_SECONDS);
  const compressed = await measured(pid, url, browserHeaders);
  const plain = await measured(pid, url, {});
  return {
    value: compressed.rate,
    detail: `compressed ${compressed.text}; uncompressed ${plain.text}; ${CONNECTIONS} connections, ${SECONDS} s each`,
  };
}

export async function run() {
  const env = { MARKET_CLOCK_START: tradingSessionStart };
  const dataDir = await preparedDataDir('realtime', env);
  const server = await startServer(dataDir, { env, pinCore: 0 });
  const pinned = pinBenchProcess(1);
  try {
    const codes = await mostTradedCodes(server.address, 50);
    const endpoint = `${server.address}/api/v2/capital/realTime?codes=`;
    const pid = server.child.pid;
    const many = await measure(pid, `${endpoint}${codes.join(',')}`);
    const single = await measure(pid, `${endpoint}${codes[0]}`);
    const where = pinned
      ? 'server pinned to core 0, autocannon in the bench process on core 1'
      : 'taskset missing: server and autocannon not pinned';
    return [
      {
        name: 'realTime 50 codes',
        budget: { value: 5000, unit: 'req/s', atLeast: true },
        value: many.value,
        detail: `${many.detail}; ${where}`,
      },
      {
        name: 'realTime 1 code',
        budget: { value: 25000, unit: 'req/s', atLeast: true },
        value: single.value,
        detail: `${single.detail}; ${where}`,
      },
    ];
  } finally {
    unpinBenchProcess();
    await server.stop();
    removeDir(dataDir);
  }
}
