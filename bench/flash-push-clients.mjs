// Worker thread of the flash-push benchmark (flash-push.mjs): holds a share of the 10,000 socket
// clients. Each client connects to /ws, joins the `flash` channel on hello and counts as ready once
// a ping sent after the join is answered (the join itself has no answer). For every flash it notes
// the arrival time (Date.now(), the clock the server's market clock is shifted from); the parent
// turns those into latencies. The clients are bare TCP sockets reading frames themselves
// (raw-websocket.mjs): `ws`'s client took ~45 µs of CPU per frame, so 10,000 of them on one core
// needed 440-570 ms to read one push, and its p99 measured them rather than the server.
import { parentPort, workerData } from 'node:worker_threads';
import { inLanes } from './lanes.mjs';
import { connectRawWebSocket } from './raw-websocket.mjs';

const { address, clients, concurrency } = workerData;
const socketBase = address.replace(/^http/, 'ws');

const tickPrefix = Buffer.from('{"type":"tick"');

/** flash id → { time, arrivals: Date.now() of each client's copy }. */
const flashes = new Map();
let closedAfterReady = 0;
/** Frames that carried flashes: the parent divides the clients' CPU by them. */
let flashFrames = 0;

const batchPrefix = Buffer.from('{"type":"flashes","flashes":[');

function recordFlash(id, time, arrived) {
  let entry = flashes.get(id);
  if (!entry) {
    entry = { time, arrivals: [] };
    flashes.set(id, entry);
  }
  entry.arrivals.push(arrived);
}

/** Each flash of a batch opens with its id and time (flash.service.ts toFlash). */
const flashHead = Buffer.from('{"id":');
const timeKey = Buffer.from(',"time":');
const DIGIT_0 = 0x30;

/** The decimal number written at `at` in `data`, and where it ends. */
function numberAt(data, at) {
  let value = 0;
  let end = at;
  for (; end < data.length; end += 1) {
    const digit = data[end] - DIGIT_0;
    if (digit < 0 || digit > 9) break;
    value = value * 10 + digit;
  }
  return { value, end };
}

/**
 * The hub writes a tick's flashes as one `{"type":"flashes","flashes":[{"id":…,"time":…,…},…]}`
 * message (flash-push.ts): read each flash's id and time from the bytes instead of parsing the whole
 * batch (titles, bodies, instruments), as the live-quote bench's clients read a tick's head. 10,000
 * clients share one core here, and the simulation's cost of decoding 10,000 copies is not a phone's:
 * the bytes are scanned in place, without making a string of the frame. A quote inside a flash's text
 * is escaped (\"), so no title or body can look like a head. Anything else is parsed in full.
 */
function recordBatch(data, arrived) {
  let read = 0;
  for (let at = data.indexOf(flashHead); at >= 0; at = data.indexOf(flashHead, at)) {
    const id = numberAt(data, at + flashHead.length);
    if (!data.subarray(id.end, id.end + timeKey.length).equals(timeKey)) {
      at = id.end;
      continue;
    }
    const time = numberAt(data, id.end + timeKey.length);
    recordFlash(id.value, time.value, arrived);
    read += 1;
    at = time.end;
  }
  return read > 0;
}

function connect(index) {
  return new Promise((resolve, reject) => {
    let ready = false;
    const onMessage = (_opcode, data, connection) => {
      const arrived = Date.now();
      // A socket subscribed to no code gets no tick; should a server send them anyway, they are not
      // parsed, so the clients' core spends its time reading flashes.
      if (data.length >= tickPrefix.length && tickPrefix.equals(data.subarray(0, tickPrefix.length))) return;
      const batch =
        data.length >= batchPrefix.length && batchPrefix.equals(data.subarray(0, batchPrefix.length));
      if (batch && recordBatch(data, arrived)) {
        flashFrames += 1;
        return;
      }
      const message = JSON.parse(data.toString('utf8'));
      if (message.type === 'flashes') {
        flashFrames += 1;
        for (const flash of message.flashes) recordFlash(flash.id, flash.time, arrived);
      } else if (message.type === 'flash') {
        flashFrames += 1;
        recordFlash(message.flash.id, message.flash.time, arrived);
      } else if (message.type === 'hello') {
        connection.send(JSON.stringify({ type: 'join', channel: 'flash' }));
        connection.send(JSON.stringify({ type: 'ping', id: 'joined' }));
      } else if (message.type === 'pong' && !ready) {
        ready = true;
        resolve();
      } else if (message.type === 'error') {
        reject(new Error(`socket error message: ${message.message}`));
      }
    };
    const onClose = (code) => {
      if (ready) closedAfterReady += 1;
      else reject(new Error(`socket closed with ${code} before it joined`));
    };
    connectRawWebSocket(`${socketBase}/ws?node=${1 + (index % 5)}`, { onMessage, onClose }).catch(reject);
  });
}

parentPort.on('message', (message) => {
  if (message.type === 'report') {
    const perFlash = [...flashes].map(([id, { time, arrivals }]) => ({ id, time, arrivals }));
    parentPort.postMessage({ type: 'report', perFlash, closedAfterReady, frames: flashFrames });
  }
});

inLanes(clients, concurrency, connect).then(
  () => parentPort.postMessage({ type: 'ready', clients }),
  (error) => parentPort.postMessage({ type: 'failed', error: String(error?.stack ?? error) }),
);
