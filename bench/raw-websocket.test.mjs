// The raw websocket client of the socket benchmarks (raw-websocket.mjs) against a real `ws` server:
// what it reads must be what the server sent, however the bytes are cut into chunks.
import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { WebSocketServer } from 'ws';
import { connectRawWebSocket, createFrameReader, OPCODE } from './raw-websocket.mjs';

let server;
afterEach(async () => {
  if (!server) return;
  for (const client of server.clients) client.terminate();
  await new Promise((resolve) => server.close(resolve));
  server = undefined;
});

/** A `ws` server on a free port; `onConnection(socket)` runs for each client. */
async function startServer(onConnection) {
  server = new WebSocketServer({ port: 0, perMessageDeflate: false });
  server.on('connection', onConnection);
  await new Promise((resolve) => server.once('listening', resolve));
  return `ws://127.0.0.1:${server.address().port}/ws?node=1`;
}

/** Every length form of the protocol: 7-bit, 16-bit and 64-bit (over 65,535 bytes). */
const shortText = '{"type":"hello"}';
const mediumText = JSON.stringify({ type: 'flashes', title: '快讯'.repeat(100) });
const longText = 'x'.repeat(70_000);

/** The bytes the server sends after the upgrade, captured from a bare socket: frames as on the wire. */
async function capturedFrames(url, sendAll) {
  const { port } = new URL(url);
  const socket = net.connect({ host: '127.0.0.1', port: Number(port) });
  const chunks = [];
  await new Promise((resolve) => socket.once('connect', resolve));
  socket.write(
    'GET /ws HTTP/1.1\r\nhost: 127.0.0.1\r\nupgrade: websocket\r\nconnection: Upgrade\r\n' +
      'sec-websocket-key: dGhlIHNhbXBsZSBub25jZQ==\r\nsec-websocket-version: 13\r\n\r\n',
  );
  socket.on('data', (chunk) => chunks.push(chunk));
  await sendAll();
  // Sent frames have reached the socket once the server's own send callbacks ran; one turn more
  // for the loopback to deliver them.
  await new Promise((resolve) => setTimeout(resolve, 50));
  socket.destroy();
  const bytes = Buffer.concat(chunks);
  return bytes.subarray(bytes.indexOf('\r\n\r\n') + 4);
}

/**
 * What a reader hands on from `bytes` pushed in the chunks `cuts` makes (cut offsets, ascending),
 * read as the messages come.
 */
function readInChunks(bytes, cuts) {
  const read = [];
  const reader = createFrameReader({
    onMessage: (opcode, payload) => read.push({ opcode, text: payload.toString('utf8') }),
    onControl: (opcode, payload) => read.push({ control: opcode, text: payload.toString('utf8') }),
  });
  // Each chunk is read into the same buffer, as the client's sockets share one (onread).
  const readBuffer = Buffer.alloc(bytes.length);
  let from = 0;
  for (const cut of [...cuts, bytes.length]) {
    bytes.copy(readBuffer, 0, from, cut);
    reader.push(readBuffer.subarray(0, cut - from));
    readBuffer.fill(0xff);
    from = cut;
  }
  return read;
}

const send = (socket, data, options = {}) =>
  new Promise((resolve, reject) =>
    socket.send(data, options, (error) => (error ? reject(error) : resolve())),
  );

describe('raw websocket frame reader', () => {
  it('reads 7-, 16- and 64-bit lengths, a fragmented message and a ping between its fragments', async () => {
    let serverSocket;
    const connected = new Promise((resolve) => {
      serverSocket = resolve;
    });
    const url = await startServer((socket) => serverSocket(socket));
    const bytes = await capturedFrames(url, async () => {
      const socket = await connected;
      await send(socket, shortText);
      await send(socket, mediumText);
      await send(socket, longText);
      await send(socket, '{"part":', { fin: false });
      socket.ping('are you there');
      await send(socket, '"one",', { fin: false });
      await send(socket, '"end":true}', { fin: true });
      await send(socket, Buffer.from([1, 2, 3]), { binary: true });
    });
    const expected = [
      { opcode: OPCODE.text, text: shortText },
      { opcode: OPCODE.text, text: mediumText },
      { opcode: OPCODE.text, text: longText },
      { control: OPCODE.ping, text: 'are you there' },
      { opcode: OPCODE.text, text: '{"part":"one","end":true}' },
      { opcode: OPCODE.binary, text: Buffer.from([1, 2, 3]).toString('utf8') },
    ];

    // Several frames in one chunk: everything at once.
    expect(readInChunks(bytes, [])).toEqual(expected);
    // Every frame split across chunks, heads included: one byte at a time.
    expect(
      readInChunks(
        bytes,
        Array.from({ length: bytes.length - 1 }, (_, i) => i + 1),
      ),
    ).toEqual(expected);
    // Cuts inside the 16- and 64-bit length fields and mid-payload, with whole frames after them.
    const mediumAt = 2 + shortText.length;
    const longAt = mediumAt + 4 + Buffer.byteLength(mediumText);
    // A fragment whole in one read whose message ends in a later one.
    const longEnd = longAt + 10 + longText.length;
    const firstFragmentEnd = longEnd + 2 + '{"part":'.length;
    expect(
      readInChunks(bytes, [
        mediumAt + 3,
        longAt + 5,
        longAt + 30_000,
        longEnd,
        firstFragmentEnd,
        bytes.length - 4,
      ]),
    ).toEqual(expected);
  });

  it('refuses a masked frame, which no server may send', () => {
    const reader = createFrameReader({ onMessage: () => {} });
    expect(() => reader.push(Buffer.from([0x81, 0x81, 1, 2, 3, 4, 0x61]))).toThrow(/masked/);
  });
});

describe('raw websocket client', () => {
  it('upgrades, sends masked frames the server reads, answers pings and reports the close code', async () => {
    const pongs = [];
    const url = await startServer((socket) => {
      // Sent with the upgrade's answer, often in its very chunk: answered through the connection
      // handed to onMessage, before the caller has it.
      socket.send('hello');
      socket.on('pong', (payload) => pongs.push(payload.toString()));
      socket.on('message', (data) => {
        const text = data.toString();
        if (text === 'close please') socket.close(4001, 'bye');
        else if (text === 'ping me') socket.ping('p1');
        else socket.send(`echo:${text}`);
      });
    });
    const received = [];
    let closed;
    const closedWith = new Promise((resolve) => {
      closed = resolve;
    });
    const connection = await connectRawWebSocket(url, {
      onMessage: (_opcode, payload, open) => {
        const text = payload.toString('utf8');
        if (text === 'hello') open.send('joined');
        else received.push(text);
      },
      onClose: closed,
    });
    // A 7-bit, a 16-bit and a 64-bit client frame: the server unmasks each.
    const medium = 'm'.repeat(300);
    const long = 'l'.repeat(70_000);
    connection.send('hi');
    connection.send(medium);
    connection.send(long);
    connection.send('ping me');
    await expect.poll(() => received.length).toBe(4);
    expect(received).toEqual(['echo:joined', 'echo:hi', `echo:${medium}`, `echo:${long}`]);
    await expect.poll(() => pongs).toEqual(['p1']);
    connection.send('close please');
    expect(await closedWith).toBe(4001);
  });

  it('rejects when the server refuses the upgrade', async () => {
    const plain = net.createServer((socket) =>
      socket.end('HTTP/1.1 400 Bad Request\r\ncontent-length: 0\r\n\r\n'),
    );
    await new Promise((resolve) => plain.listen(0, resolve));
    try {
      await expect(
        connectRawWebSocket(`ws://127.0.0.1:${plain.address().port}/ws`, { onMessage: () => {} }),
      ).rejects.toThrow(/upgrade refused: HTTP\/1.1 400/);
    } finally {
      plain.close();
    }
  });
});
