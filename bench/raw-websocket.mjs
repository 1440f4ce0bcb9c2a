// A websocket client on a bare TCP socket, for benchmarks that hold thousands of sockets in one
// process: it does the HTTP upgrade itself and reads the server's frames from the bytes, as
// body-skipping-load.mjs does for HTTP answers. `ws`'s client spends ~45 µs of CPU per received
// frame here (its Receiver's buffering, events and per-message Buffer copies); with 10,000 clients
// on one core that alone is ~450 ms per pushed flash, so the clients, not the server, decided the
// flash-push bench's p99. The socket reads into one buffer shared by every socket of the thread
// (net's `onread`: no buffer allocated per read, no stream events), and a message whole in one read
// is handed on as a view of it; only frames split across reads are copied.
import { createHash, randomBytes } from 'node:crypto';
import net from 'node:net';

const WS_GUID = '258EAFA5-E914-47DA-95CA-C5AB0DC85B11';
const HEAD_END = Buffer.from('\r\n\r\n');

export const OPCODE = { continuation: 0x0, text: 0x1, binary: 0x2, close: 0x8, ping: 0x9, pong: 0xa };

/**
 * Reads server frames (unmasked, RFC 6455 §5.2) from a byte stream given in chunks of any size:
 * `push(chunk)` calls `onMessage(opcode, payload)` for every whole data message (fragments joined,
 * opcode that of the first fragment) and `onControl(opcode, payload)` for close, ping and pong
 * frames, which may come between a message's fragments. A payload may be a view into the chunk
 * given to `push`, valid only until push returns (the chunk's buffer is read into again): read it
 * there or copy it. What the reader keeps across pushes it copies.
 */
export function createFrameReader({ onMessage, onControl = () => {} }) {
  /** Bytes of a frame not yet whole, kept from earlier chunks. */
  let pending = null;
  /** A fragmented message's opcode and the payloads so far. */
  let fragmentOpcode = -1;
  let fragments = [];

  const deliver = (fin, opcode, payload) => {
    if (opcode >= 0x8) {
      onControl(opcode, payload);
      return;
    }
    if (opcode !== OPCODE.continuation) {
      if (fragmentOpcode >= 0) throw new Error('a new message began inside a fragmented one');
      if (fin) {
        onMessage(opcode, payload);
        return;
      }
      fragmentOpcode = opcode;
      fragments = [Buffer.from(payload)];
      return;
    }
    if (fragmentOpcode < 0) throw new Error('a continuation frame without a message to continue');
    fragments.push(fin ? payload : Buffer.from(payload));
    if (!fin) return;
    const opcodeOfMessage = fragmentOpcode;
    const whole = Buffer.concat(fragments);
    fragmentOpcode = -1;
    fragments = [];
    onMessage(opcodeOfMessage, whole);
  };

  /** Reads the whole frames at the start of `data`; answers where the first incomplete one starts. */
  const readFrames = (data) => {
    let at = 0;
    while (data.length - at >= 2) {
      const first = data[at];
      const second = data[at + 1];
      if (second & 0x80) throw new Error('a server frame must not be masked');
      let length = second & 0x7f;
      let head = 2;
      if (length === 126) {
        if (data.length - at < 4) break;
        length = data.readUInt16BE(at + 2);
        head = 4;
      } else if (length === 127) {
        if (data.length - at < 10) break;
        const high = data.readUInt32BE(at + 2);
        if (high > 0x1fffff) throw new Error('a frame longer than 2^53 bytes');
        length = high * 2 ** 32 + data.readUInt32BE(at + 6);
        head = 10;
      }
      if (data.length - at < head + length) break;
      const start = at + head;
      at = start + length;
      deliver((first & 0x80) !== 0, first & 0x0f, data.subarray(start, at));
    }
    return at;
  };

  return {
    push(chunk) {
      const data = pending === null ? chunk : Buffer.concat([pending, chunk]);
      const used = readFrames(data);
      // Copied: the chunk's buffer is read into again once this returns.
      pending = used === data.length ? null : Buffer.from(data.subarray(used));
    },
  };
}

/** A client frame (RFC 6455 §5.3: a client masks every frame) carrying `payload` whole. */
export function clientFrame(opcode, payload) {
  const body = typeof payload === 'string' ? Buffer.from(payload) : payload;
  const lengthBytes = body.length < 126 ? 0 : body.length < 0x10000 ? 2 : 8;
  const frame = Buffer.alloc(2 + lengthBytes + 4 + body.length);
  frame[0] = 0x80 | opcode;
  if (lengthBytes === 0) frame[1] = 0x80 | body.length;
  else if (lengthBytes === 2) {
    frame[1] = 0x80 | 126;
    frame.writeUInt16BE(body.length, 2);
  } else {
    frame[1] = 0x80 | 127;
    frame.writeBigUInt64BE(BigInt(body.length), 2);
  }
  const maskAt = 2 + lengthBytes;
  randomBytes(4).copy(frame, maskAt);
  for (let i = 0; i < body.length; i += 1) frame[maskAt + 4 + i] = body[i] ^ frame[maskAt + (i & 3)];
  return frame;
}

/**
 * Opens a websocket to `url` (ws://host:port/path) on a bare TCP socket. `onMessage(opcode,
 * payload, connection)` gets each data message (see createFrameReader), `onClose(code)` the end of the socket
 * (the close frame's code, or 1006 when the connection dropped without one). A ping is answered
 * with a pong. Resolves once the server has accepted the upgrade, with `send(text)` and `close()`.
 */
/**
 * The buffer every socket of this thread reads into: a read's bytes are handled before the next
 * read (onread's callback runs synchronously), so one buffer serves them all.
 */
let sharedReadBuffer = null;

export function connectRawWebSocket(url, { onMessage, onClose = () => {} }) {
  const { hostname, port, pathname, search } = new URL(url);
  const key = randomBytes(16).toString('base64');
  const accept = createHash('sha1')
    .update(key + WS_GUID)
    .digest('base64');
  return new Promise((resolve, reject) => {
    sharedReadBuffer ??= Buffer.allocUnsafe(64 * 1024);
    const socket = net.connect({
      host: hostname,
      port: Number(port),
      noDelay: true,
      onread: { buffer: sharedReadBuffer, callback: (bytes, buffer) => onData(buffer.subarray(0, bytes)) },
    });
    let upgraded = false;
    let closeCode = 1006;
    let head = null;
    const reader = createFrameReader({
      // The connection is handed along: frames may follow the upgrade's answer in its very chunk,
      // before whoever awaits this promise has it.
      onMessage: (opcode, payload) => onMessage(opcode, payload, connection),
      onControl(opcode, payload) {
        if (opcode === OPCODE.ping) socket.write(clientFrame(OPCODE.pong, payload));
        else if (opcode === OPCODE.close) {
          closeCode = payload.length >= 2 ? payload.readUInt16BE(0) : 1005;
          socket.end(clientFrame(OPCODE.close, payload.subarray(0, 2)));
        }
      },
    });
    const connection = {
      send: (text) => socket.write(clientFrame(OPCODE.text, text)),
      close: () => socket.destroy(),
    };
    socket.on('connect', () => {
      socket.write(
        `GET ${pathname}${search} HTTP/1.1\r\nhost: ${hostname}:${port}\r\nupgrade: websocket\r\n` +
          `connection: Upgrade\r\nsec-websocket-key: ${key}\r\nsec-websocket-version: 13\r\n\r\n`,
      );
    });
    const onData = (chunk) => {
      if (upgraded) {
        reader.push(chunk);
        return;
      }
      // Copied (concat): the chunk is the shared read buffer.
      head = Buffer.concat(head === null ? [chunk] : [head, chunk]);
      const end = head.indexOf(HEAD_END);
      if (end < 0) return;
      const text = head.toString('latin1', 0, end);
      const acceptHeader = /\r\nsec-websocket-accept: *(\S+)/i.exec(text);
      if (!text.startsWith('HTTP/1.1 101') || acceptHeader?.[1] !== accept) {
        socket.destroy();
        reject(new Error(`websocket upgrade refused: ${text.split('\r\n')[0]}`));
        return;
      }
      upgraded = true;
      const rest = head.subarray(end + HEAD_END.length);
      head = null;
      resolve(connection);
      if (rest.length > 0) reader.push(rest);
    };
    socket.on('error', (error) => {
      if (!upgraded) reject(error);
    });
    socket.on('close', () => {
      if (upgraded) onClose(closeCode);
      else reject(new Error('the connection closed before the upgrade'));
    });
  });
}
