// The transport floor under the live-quote and flash-push budgets: how long this machine takes to
// hand one tick-sized frame to each of 10,000 websocket clients and have them read it, with no
// market, no engine and no app — only `ws` on both sides, the hub's way of writing (one whole
// frame written straight to each TCP socket) and the live-quote bench's own clients
// (websocket-clients.mjs), pinned as websocket.mjs pins them. If the floor is over 300 ms, no
// server change brings websocket.mjs or flash-push.mjs under it on this machine.
//
// Run alone: `node bench/websocket-floor.mjs` (not part of `npm run bench`: it measures the machine,
// not the app). FLOOR_CLIENTS (10000), FLOOR_ROWS (50 rows a frame; 0 = a flash-sized frame of one
// ~600-byte message), FLOOR_TICKS (5), FLOOR_SLICE_MS (8: the hub's slices; 0 = one synchronous loop),
// FLOOR_CLIENT (ws: the bench's clients; raw: the same sockets read by a bare 'data' listener that
// only counts bytes, the least a Node client can do) vary it.
//
// For each tick the server (a child process on core 0) stamps Date.now(), writes the frame to every
// socket in connection order and reports its own CPU (user and kernel) over the fan-out; every
// client notes the arrival (Date.now(), same clock). Latency = arrival − stamp.
import { execFileSync, fork } from 'node:child_process';
import http from 'node:http';
import { fileURLToPath } from 'node:url';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import WebSocket, { WebSocketServer } from 'ws';
import { inLanes } from './lanes.mjs';
import {
  cpuTimes,
  nextWorkerMessage,
  openFileLimit,
  percentile,
  pinBenchProcess,
  unpinBenchProcess,
} from './server.mjs';

const CLIENTS = Number(process.env.FLOOR_CLIENTS ?? 10_000);
const ROWS = Number(process.env.FLOOR_ROWS ?? 50);
const TICKS = Number(process.env.FLOOR_TICKS ?? 5);
const SLICE_MS = Number(process.env.FLOOR_SLICE_MS ?? 8);
const CLIENT = process.env.FLOOR_CLIENT ?? 'ws';
const WORKERS = 4;
const CONNECT_CONCURRENCY = 50;
/** seq starts here so every tick's frame has the same length (the raw clients count bytes). */
const FIRST_SEQ = 1_000_001;
const self = fileURLToPath(import.meta.url);

/** The frame of one tick, as the hub writes it: FIN + text opcode, unmasked, JSON payload. */
function tickFrame(seq, time) {
  const row = '["600519.SH",1823.14,1800.5,1830.88,1795.2,12345678,22510012345.6]';
  const payload =
    ROWS > 0
      ? `{"type":"tick","seq":${seq},"time":${time},"tradingDay":20261120,"rows":[${Array(ROWS).fill(row).join(',')}]}`
      : `{"type":"tick","seq":${seq},"time":${time},"flash":"${'快讯'.repeat(100)}"}`;
  const body = Buffer.from(payload);
  const header =
    body.length < 126
      ? Buffer.from([0x81, body.length])
      : Buffer.from([0x81, 126, body.length >> 8, body.length & 0xff]);
  return Buffer.concat([header, body]);
}

// ---- server: a child process on core 0 ----
async function serve() {
  const sockets = [];
  const httpServer = http.createServer();
  const wss = new WebSocketServer({ server: httpServer, perMessageDeflate: false });
  wss.on('connection', (socket) => {
    sockets.push(socket);
    socket.send(JSON.stringify({ type: 'hello', v: 1, serverTime: Date.now() }));
    socket.on('message', (raw) => {
      const message = JSON.parse(raw.toString('utf8'));
      if (message.type === 'subscribe')
        socket.send(
          JSON.stringify({ type: 'snapshot', seq: 0, quotes: message.codes.map((code) => ({ code })) }),
        );
    });
  });
  await new Promise((resolve) => httpServer.listen(0, '127.0.0.1', resolve));
  process.send({ type: 'listening', port: httpServer.address().port });
  const nextTurn = () => new Promise((resolve) => setImmediate(resolve));
  process.on('message', async (message) => {
    if (message.type !== 'fan') return;
    const stamp = Date.now();
    const frame = tickFrame(message.seq, stamp);
    const cpuBefore = process.cpuUsage();
    const started = performance.now();
    let sliceStart = started;
    for (const socket of sockets) {
      if (SLICE_MS > 0 && performance.now() - sliceStart >= SLICE_MS) {
        await nextTurn();
        sliceStart = performance.now();
      }
      socket._socket.write(frame);
    }
    const ms = performance.now() - started;
    const cpu = process.cpuUsage(cpuBefore);
    process.send({
      type: 'fanned',
      seq: message.seq,
      stamp,
      ms,
      userMs: cpu.user / 1000,
      systemMs: cpu.system / 1000,
      bytes: frame.length,
    });
  });
}

// ---- raw clients: a worker thread of the bench process on core 1 ----
function rawClients() {
  const { address, count, concurrency, frameBytes } = workerData;
  /** tick index (0 = FIRST_SEQ) → arrivals */
  const arrivals = [];
  const connect = () =>
    new Promise((resolve, reject) => {
      const socket = new WebSocket(`${address.replace(/^http/, 'ws')}/ws`, { perMessageDeflate: false });
      socket.on('message', (data) => {
        const message = JSON.parse(data.toString('utf8'));
        if (message.type === 'hello') socket.send(JSON.stringify({ type: 'subscribe', codes: ['X'] }));
        else if (message.type === 'snapshot') {
          // From here on the bytes are only counted: every further frame is a tick of frameBytes.
          const tcp = socket._socket;
          tcp.removeAllListeners('data');
          let received = 0;
          tcp.on('data', (chunk) => {
            const before = Math.floor(received / frameBytes);
            received += chunk.length;
            const now = Date.now();
            for (let tick = before; tick < Math.floor(received / frameBytes); tick += 1) {
              arrivals[tick] ??= [];
              arrivals[tick].push(now);
            }
          });
          resolve();
        }
      });
      socket.on('error', reject);
    });
  parentPort.on('message', (message) => {
    if (message.type === 'report')
      parentPort.postMessage({
        type: 'report',
        perSeq: Array.from({ length: message.toSeq - message.fromSeq + 1 }, (_, index) => ({
          seq: message.fromSeq + index,
          arrivals: arrivals[message.fromSeq - FIRST_SEQ + index] ?? [],
        })),
        closedAfterReady: 0,
      });
  });
  inLanes(count, concurrency, connect).then(
    () => parentPort.postMessage({ type: 'ready' }),
    (error) => parentPort.postMessage({ type: 'failed', error: String(error?.stack ?? error) }),
  );
}

// ---- the bench ----
async function main() {
  if (openFileLimit() < CLIENTS + 200) throw new Error(`ulimit -n is below ${CLIENTS + 200}`);
  const child = fork(self, ['serve'], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
  try {
    execFileSync('taskset', ['-a', '-p', '-c', '0', String(child.pid)], { stdio: 'ignore' });
  } catch {}
  const { port } = await new Promise((resolve) => child.once('message', resolve));
  const address = `http://127.0.0.1:${port}`;
  const pinned = pinBenchProcess(1);
  const workers = [];
  const frameBytes = tickFrame(FIRST_SEQ, Date.now()).length;
  try {
    for (let w = 0; w < WORKERS; w += 1) {
      const count = Math.floor(CLIENTS / WORKERS) + (w < CLIENTS % WORKERS ? 1 : 0);
      const subscriptions = Array.from({ length: count }, () =>
        Array.from({ length: 50 }, (_, i) => `C${i}`),
      );
      workers.push(
        CLIENT === 'raw'
          ? new Worker(self, {
              workerData: { role: 'raw', address, count, concurrency: CONNECT_CONCURRENCY, frameBytes },
            })
          : new Worker(new URL('./websocket-clients.mjs', import.meta.url), {
              workerData: { address, subscriptions, concurrency: CONNECT_CONCURRENCY },
            }),
      );
    }
    const connectStarted = performance.now();
    await Promise.all(workers.map((worker) => nextWorkerMessage(worker, 'ready')));
    const connectSeconds = (performance.now() - connectStarted) / 1000;
    const fanned = [];
    const clientCpuStart = cpuTimes(process.pid);
    for (let tick = 0; tick < TICKS; tick += 1) {
      const answer = new Promise((resolve) => child.once('message', resolve));
      child.send({ type: 'fan', seq: FIRST_SEQ + tick });
      fanned.push(await answer);
      // Room for the clients to read before the next tick (the engine's ticks are 3 s apart).
      await new Promise((resolve) => setTimeout(resolve, 1500));
    }
    const clientCpuEnd = cpuTimes(process.pid);
    const reports = await Promise.all(
      workers.map((worker) => {
        const answer = nextWorkerMessage(worker, 'report');
        worker.postMessage({ type: 'report', fromSeq: FIRST_SEQ, toSeq: FIRST_SEQ + TICKS - 1 });
        return answer;
      }),
    );
    // websocket-clients.mjs reports each tick's stamp; the raw clients do not parse it, so the
    // server's stamp is taken from the frame it built (same clock).
    const latencies = [];
    const perTick = [];
    for (let tick = 0; tick < TICKS; tick += 1) {
      const seq = FIRST_SEQ + tick;
      const all = reports.flatMap(
        (report) => report.perSeq.find((entry) => entry.seq === seq)?.arrivals ?? [],
      );
      const stamp = reports
        .map((report) => report.perSeq.find((entry) => entry.seq === seq)?.time)
        .find(Boolean);
      perTick.push({ seq, all, stamp });
    }
    // Raw clients carry no stamp: the server sent it as `time` in the frame; ask it back from the
    // fanned answers (its stamp is the fan-out's start less the frame build, well under 1 ms).
    for (const [index, { all, stamp }] of perTick.entries()) {
      const start = stamp ?? fanned[index].stamp;
      for (const arrival of all) latencies.push(arrival - start);
    }
    latencies.sort((a, b) => a - b);
    const fmt = (values) => values.map((value) => value.toFixed(0)).join(', ');
    console.log(
      `transport floor: ${CLIENTS} ${CLIENT} clients (connected in ${connectSeconds.toFixed(1)} s), ${frameBytes}-byte frames, ${SLICE_MS ? `${SLICE_MS} ms slices` : 'one loop'}, ${pinned ? 'server core 0, clients core 1' : 'not pinned'}`,
    );
    console.log(`  delivered ${latencies.length} of ${CLIENTS * TICKS}`);
    console.log(
      `  tick-to-client p50 ${percentile(latencies, 50).toFixed(0)} ms, p99 ${percentile(latencies, 99).toFixed(0)} ms (budget 300 ms), max ${(latencies.at(-1) ?? Number.NaN).toFixed(0)} ms`,
    );
    console.log(`  server fan-out wall per tick: ${fmt(fanned.map((f) => f.ms))} ms`);
    console.log(
      `  server CPU per tick user ${fmt(fanned.map((f) => f.userMs))} ms, kernel ${fmt(fanned.map((f) => f.systemMs))} ms (${((1000 * fanned.reduce((sum, f) => sum + f.userMs + f.systemMs, 0)) / fanned.length / CLIENTS).toFixed(1)} µs per socket)`,
    );
    const clientCpu = clientCpuEnd.user + clientCpuEnd.system - clientCpuStart.user - clientCpuStart.system;
    console.log(
      `  clients' CPU per tick ${((1000 * clientCpu) / TICKS).toFixed(0)} ms (${((1000 * (clientCpuEnd.system - clientCpuStart.system)) / TICKS).toFixed(0)} ms kernel) — ${((1e6 * clientCpu) / TICKS / CLIENTS).toFixed(1)} µs per message`,
    );
    for (const { seq, all, stamp } of perTick) {
      const start = stamp ?? fanned[seq - FIRST_SEQ].stamp;
      const sorted = all.map((arrival) => arrival - start).sort((a, b) => a - b);
      console.log(
        `  #${seq - FIRST_SEQ}: first ${sorted[0]?.toFixed(0)} ms, p99 ${percentile(sorted, 99).toFixed(0)} ms, last ${sorted.at(-1)?.toFixed(0)} ms; server wrote the last at ${fanned[seq - FIRST_SEQ].ms.toFixed(0)} ms`,
      );
    }
  } finally {
    await Promise.all(workers.map((worker) => worker.terminate()));
    unpinBenchProcess();
    child.kill();
  }
}

if (process.argv[2] === 'serve') await serve();
else if (!isMainThread && workerData?.role === 'raw') rawClients();
else await main();
