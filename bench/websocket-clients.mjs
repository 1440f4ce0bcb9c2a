// Worker thread of the live-quote benchmark (websocket.mjs): holds a share of the 10,000 socket
// clients. Each client connects to /ws?node=1…5, subscribes to its codes on hello and counts as
// ready once its snapshot has come. For every tick it notes the arrival time (Date.now(), the clock
// the server's tick `time` is taken from); the parent turns those into latencies.
//
// `ws` is the client the server's own @fastify/websocket is built on (installed with it); Node 20's
// WebSocket is still behind a flag.
import { parentPort, workerData } from 'node:worker_threads';
import WebSocket from 'ws';
import { inLanes } from './lanes.mjs';

const { address, subscriptions, concurrency } = workerData;
const socketBase = address.replace(/^http/, 'ws');

/** seq → { time, arrivals: Date.now() of each client's copy }. */
const ticks = new Map();
let closedAfterReady = 0;

function recordTick(data) {
  // The hub writes `{"type":"tick","seq":…,"time":…,` first; read just that head instead of parsing
  // the ~4 KB of rows, so the client side stays cheap. Anything else is parsed in full.
  const head = data.toString('latin1', 0, Math.min(data.length, 80));
  const match = /^\{"type":"tick","seq":(\d+),"time":(\d+)/.exec(head);
  const tick = match ? { seq: Number(match[1]), time: Number(match[2]) } : JSON.parse(data.toString('utf8'));
  let entry = ticks.get(tick.seq);
  if (!entry) {
    entry = { time: tick.time, arrivals: [] };
    ticks.set(tick.seq, entry);
  }
  entry.arrivals.push(Date.now());
}

function connect(index) {
  const codes = subscriptions[index];
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(`${socketBase}/ws?node=${1 + (index % 5)}`, {
      perMessageDeflate: false,
      skipUTF8Validation: true,
    });
    let ready = false;
    socket.on('message', (data) => {
      if (data.toString('latin1', 0, 14) === '{"type":"tick"') {
        recordTick(data);
        return;
      }
      const message = JSON.parse(data.toString('utf8'));
      if (message.type === 'hello') {
        socket.send(JSON.stringify({ type: 'subscribe', codes }));
      } else if (message.type === 'snapshot' && !ready) {
        if (message.quotes.length !== codes.length)
          reject(new Error(`snapshot had ${message.quotes.length} of ${codes.length} quotes`));
        ready = true;
        resolve();
      } else if (message.type === 'tick') {
        recordTick(data);
      } else if (message.type === 'error') {
        reject(new Error(`socket error message: ${message.message}`));
      }
    });
    socket.on('error', (error) => {
      if (!ready) reject(error);
    });
    socket.on('close', (code) => {
      if (ready) closedAfterReady += 1;
      else reject(new Error(`socket closed with ${code} before its snapshot`));
    });
  });
}

parentPort.on('message', (message) => {
  if (message.type === 'report') {
    const perSeq = [];
    for (let seq = message.fromSeq; seq <= message.toSeq; seq += 1) {
      const entry = ticks.get(seq);
      perSeq.push({ seq, time: entry?.time ?? null, arrivals: entry?.arrivals ?? [] });
    }
    parentPort.postMessage({ type: 'report', perSeq, closedAfterReady });
  }
});

inLanes(subscriptions.length, concurrency, connect).then(
  () => parentPort.postMessage({ type: 'ready', clients: subscriptions.length }),
  (error) => parentPort.postMessage({ type: 'failed', error: String(error?.stack ?? error) }),
);
