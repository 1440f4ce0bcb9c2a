// Live quotes: 10,000 socket clients with 50 codes each on the built server, mid-session
// (MARKET_CLOCK_START) so the engine ticks every 3 s. Over several ticks after every client has its
// snapshot, it checks that every client receives every tick, the tick-to-client latency, and the
// longest block of the server's event loop.
//
// Method:
// - The server is one Node process pinned to core 0; the clients run in worker threads of this
//   bench process, pinned to core 1 (websocket-clients.mjs). Each client's 50 codes are its own
//   seeded draw from the 100 most-traded A-shares, so no two subscriptions are alike and the hub's
//   per-subscription message cache does not help: the worst case for the fan-out.
// - Tick-to-client latency = arrival (Date.now() in the client) − the instant the engine stamped the
//   tick. The tick's `time` is the market clock, which MARKET_CLOCK_START shifts by a fixed offset
//   from the real clock (server.ts: marketClock = Date.now() + offset). The offset is read from the
//   "market ready" log line, which carries the market clock (marketClock, ISO) and the real clock
//   (pino's time) of the same instant, to the millisecond. Same machine, same clock. The stamp is
//   taken when the engine's beat starts, so the latency includes recomputing the quotes, the
//   fan-out, the network and the client's read.
// - The measured window starts when an observer socket, connected after all clients and so last in
//   the hub's fan-out order, has received a tick; it spans the next TICKS ticks and ends SETTLE_MS
//   after the observer has the last of them.
// - Event-loop block: the server runs with `--import bench/event-loop-probe.mjs`, which keeps a
//   1 ms monitorEventLoopDelay histogram, reset at the window's start and read at its end over IPC.
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import WebSocket from 'ws';
import {
  askProbe,
  cpuSeconds,
  cpuTimes,
  marketClockOffset,
  mostTradedCodes,
  nextWorkerMessage,
  openFileLimit,
  percentile,
  pinBenchProcess,
  preparedDataDir,
  removeDir,
  startServerOnCopy,
  tradingSessionStart,
  unpinBenchProcess,
} from './server.mjs';

export const name = 'live quotes (10k sockets)';

const CLIENTS = 10_000;
const CODES_PER_CLIENT = 50;
const WORKERS = 4;
/** Handshakes in flight per worker while connecting. */
const CONNECT_CONCURRENCY = 50;
const TICKS = 5;
const SETTLE_MS = 1500;
const probe = fileURLToPath(new URL('./event-loop-probe.mjs', import.meta.url));
const clientsModule = new URL('./websocket-clients.mjs', import.meta.url);

/** A small seeded generator (mulberry32), so every run subscribes the same codes. */
function seededRandom(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function subscriptionsFor(pool, count) {
  const random = seededRandom(20261120);
  return Array.from({ length: count }, () => {
    const shuffled = [...pool];
    for (let i = shuffled.length - 1; i > 0; i -= 1) {
      const j = Math.floor(random() * (i + 1));
      [shuffled[i], shuffled[j]] = [shuffled[j], shuffled[i]];
    }
    return shuffled.slice(0, CODES_PER_CLIENT);
  });
}

/** An extra socket that follows the ticks; resolves tickSeq(n) when tick n has reached it. */
async function openObserver(address, code) {
  const socket = new WebSocket(`${address.replace(/^http/, 'ws')}/ws?node=1`, { perMessageDeflate: false });
  const waiting = [];
  let lastSeq = 0;
  socket.on('message', (data) => {
    const message = JSON.parse(data.toString('utf8'));
    if (message.type === 'hello') socket.send(JSON.stringify({ type: 'subscribe', codes: [code] }));
    if (message.type !== 'tick') return;
    lastSeq = message.seq;
    for (const waiter of waiting.splice(0)) {
      if (waiter.seq === undefined || lastSeq >= waiter.seq) waiter.resolve(lastSeq);
      else waiting.push(waiter);
    }
  });
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  return {
    /** The next tick's seq, or (with seq) once tick seq has arrived. */
    tick: (seq) =>
      new Promise((resolve) => {
        if (seq !== undefined && lastSeq >= seq) resolve(lastSeq);
        else waiting.push({ seq, resolve });
      }),
    close: () => socket.terminate(),
  };
}

export async function run() {
  const limit = openFileLimit();
  if (limit < CLIENTS + 200)
    throw new Error(`ulimit -n is ${limit}; ${CLIENTS} sockets need more (ulimit -n ${CLIENTS * 2})`);

  const env = { MARKET_CLOCK_START: tradingSessionStart };
  const dataDir = await preparedDataDir('websocket', env);
  const server = await startServerOnCopy(dataDir, {
    env,
    nodeArgs: ['--import', probe],
    ipc: true,
    pinCore: 0,
  });
  const pinned = pinBenchProcess(1);
  const workers = [];
  let observer;
  try {
    const marketOffset = marketClockOffset(server);

    const pool = await mostTradedCodes(server.address, 100);
    const subscriptions = subscriptionsFor(pool, CLIENTS);
    const connectStarted = performance.now();
    for (let w = 0; w < WORKERS; w += 1) {
      const share = subscriptions.filter((_, index) => index % WORKERS === w);
      workers.push(
        new Worker(clientsModule, {
          workerData: { address: server.address, subscriptions: share, concurrency: CONNECT_CONCURRENCY },
        }),
      );
    }
    await Promise.all(workers.map((worker) => nextWorkerMessage(worker, 'ready')));
    const connectSeconds = (performance.now() - connectStarted) / 1000;

    observer = await openObserver(server.address, pool[0]);
    const startSeq = await observer.tick();
    await askProbe(server.child, 'loop-reset', 'loop-reset-done');
    const cpuAtStart = cpuSeconds(server.child.pid);
    const splitAtStart = cpuTimes(server.child.pid);
    const clientCpuAtStart = cpuSeconds(process.pid);
    const windowStarted = performance.now();
    const fromSeq = startSeq + 1;
    const toSeq = startSeq + TICKS;
    await observer.tick(toSeq);
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    const loop = await askProbe(server.child, 'loop-report', 'loop-report');
    const cpuUsed = cpuSeconds(server.child.pid) - cpuAtStart;
    const splitAtEnd = cpuTimes(server.child.pid);
    const kernelShare = (splitAtEnd.system - splitAtStart.system) / cpuUsed;
    const clientCpuUsed = cpuSeconds(process.pid) - clientCpuAtStart;
    const windowSeconds = (performance.now() - windowStarted) / 1000;

    const reports = await Promise.all(
      workers.map((worker) => {
        const answer = nextWorkerMessage(worker, 'report');
        worker.postMessage({ type: 'report', fromSeq, toSeq });
        return answer;
      }),
    );
    const latencies = [];
    let delivered = 0;
    let closed = 0;
    /** seq → real-clock stamp and the first/last arrival, for placing blocks within a tick. */
    const perTick = new Map();
    for (const report of reports) {
      closed += report.closedAfterReady;
      for (const { seq, time, arrivals } of report.perSeq) {
        delivered += arrivals.length;
        const stampedAt = time - marketOffset;
        const tick = perTick.get(seq) ?? { stampedAt, first: Infinity, last: -Infinity };
        for (const arrival of arrivals) {
          latencies.push(arrival - stampedAt);
          tick.first = Math.min(tick.first, arrival - stampedAt);
          tick.last = Math.max(tick.last, arrival - stampedAt);
        }
        if (time !== null) perTick.set(seq, tick);
      }
    }
    const fanOuts = [...perTick]
      .map(([seq, tick]) => `#${seq} ${tick.first.toFixed(0)}–${tick.last.toFixed(0)} ms`)
      .join(', ');
    // Where the longest blocks fell: their start relative to the stamp of the tick before them.
    const blocks = loop.longest
      .map(({ endedAt, ms }) => {
        const startedAt = endedAt - ms;
        const before = [...perTick].filter(([, tick]) => tick.stampedAt <= startedAt).at(-1);
        const at = before
          ? `tick #${before[0]} +${(startedAt - before[1].stampedAt).toFixed(0)} ms`
          : 'before the ticks';
        return `${ms.toFixed(0)} ms at ${at}`;
      })
      .slice(0, 5)
      .join(', ');
    latencies.sort((a, b) => a - b);
    const expected = CLIENTS * TICKS;
    const p50 = percentile(latencies, 50);
    const p99 = percentile(latencies, 99);
    const worst = latencies.at(-1) ?? Number.NaN;
    const where = pinned
      ? 'server pinned to core 0, clients in 4 worker threads of the bench process on core 1'
      : 'taskset missing: server and clients not pinned';
    const setup =
      `${CLIENTS - closed} of ${CLIENTS} clients connected and snapshotted in ${connectSeconds.toFixed(1)} s, ` +
      `${CODES_PER_CLIENT} codes each (distinct draws from the 100 most-traded); ticks ${fromSeq}–${toSeq}`;
    return [
      {
        name: 'live quotes: ticks delivered (10k clients × 5 ticks)',
        budget: { value: 100, unit: '%', atLeast: true },
        value: (100 * delivered) / expected,
        detail: `${delivered} of ${expected} tick messages received; ${closed} sockets closed during the run; ${setup}`,
      },
      {
        name: 'live quotes: p99 tick-to-client latency',
        budget: { value: 300, unit: 'ms' },
        value: p99,
        detail:
          `p50 ${p50.toFixed(0)} ms, p99 ${p99.toFixed(0)} ms, max ${worst.toFixed(0)} ms over ${latencies.length} arrivals ` +
          `(market clock offset ${marketOffset} ms from the log); ${where}, which used ` +
          `${((100 * clientCpuUsed) / windowSeconds).toFixed(0)}% of a core`,
      },
      {
        name: 'live quotes: longest server event-loop block',
        budget: { value: 20, unit: 'ms' },
        value: loop.maxMs,
        detail:
          `monitorEventLoopDelay (1 ms) over ${windowSeconds.toFixed(1)} s: max ${loop.maxMs.toFixed(1)} ms, ` +
          `p99 ${loop.p99Ms.toFixed(1)} ms, mean ${loop.meanMs.toFixed(2)} ms; server CPU ${cpuUsed.toFixed(2)} s ` +
          `(${((100 * cpuUsed) / windowSeconds).toFixed(0)}% of a core; ${(100 * kernelShare).toFixed(0)}% of it in the kernel, ` +
          `${((1000 * cpuUsed) / TICKS).toFixed(0)} ms per tick); GC ${loop.gc.count}× ${loop.gc.totalMs.toFixed(0)} ms, ` +
          `longest ${loop.gc.maxMs.toFixed(1)} ms${loop.gc.longest?.[0] ? ` (${loop.gc.longest[0].what}, heap ${loop.gc.longest[0].heapMb} MB after)` : ''}; longest blocks: ${blocks || 'none over 10 ms'}; ` +
          `first–last arrival per tick: ${fanOuts}`,
      },
    ];
  } finally {
    observer?.close();
    await Promise.all(workers.map((worker) => worker.terminate()));
    unpinBenchProcess();
    await server.stop();
    removeDir(dataDir);
  }
}
