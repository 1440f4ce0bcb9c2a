import type { Socket } from 'node:net';
import { maxSubscribedCodes, serverMessage } from '@zhicai/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { useMarketSession } from '../test/market-session.ts';
import { listenOnLoopback, rawRequest } from '../test/raw-request.ts';
import { createTestApp } from '../test/test-app.ts';
import { slowClientBufferBytes, socketMessageBurst, socketMessagesPerSecond } from './websocket-hub.ts';

/**
 * The live-quote socket against real clients over TCP (issue 14 defect 1): a client that stops
 * reading must not make the server buffer without bound, one that floods messages is cut off, and
 * sockets close with 1001 when the server shuts down.
 */

const opened: WebSocket[] = [];
afterEach(() => {
  for (const socket of opened.splice(0)) socket.terminate();
});

/** A socket client on the app; `received` collects what it has read. */
async function connect(base: string) {
  const socket = new WebSocket(`${base.replace('http', 'ws')}/ws?node=1`);
  opened.push(socket);
  const received: unknown[] = [];
  socket.on('message', (data: Buffer) => received.push(serverMessage.parse(JSON.parse(data.toString()))));
  const closed = new Promise<number>((resolve) => socket.on('close', (code: number) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve());
    socket.once('error', reject);
  });
  return { socket, received, closed };
}

/** Stops reading the TCP socket, as a client that never reads its messages. */
function stopReading(socket: WebSocket): Socket {
  const tcp = (socket as unknown as { _socket: Socket })._socket;
  tcp.pause();
  return tcp;
}

async function until(condition: () => boolean, timeoutMs: number): Promise<boolean> {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > timeoutMs) return false;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return true;
}

// One generated market for the file (~15-30 s).
const session = useMarketSession();
let base: string;
let codes: string[];
beforeAll(async () => {
  base = await listenOnLoopback(session.context.app);
  codes = session.context.market.directory
    .all()
    .slice(0, maxSubscribedCodes)
    .map((instrument) => instrument.code);
});

describe('a client that does not read its snapshots', () => {
  /** The server's side of every open socket. */
  const serverSockets = () => [...session.context.app.websocketServer.clients];

  /** A client subscribed to 200 codes that has read its first snapshot and then stops reading. */
  async function stalledClient() {
    const client = await connect(base);
    client.socket.send(JSON.stringify({ type: 'subscribe', codes }));
    expect(
      await until(
        () => client.received.some((message) => (message as { type: string }).type === 'snapshot'),
        5_000,
      ),
    ).toBe(true);
    const tcp = stopReading(client.socket);
    return { ...client, tcp };
  }

  it('is dropped with its buffer bounded, and /healthz stays quick, under a flood of snapshot requests', async () => {
    const before = process.memoryUsage().rss;
    const client = await stalledClient();
    let maxBuffered = 0;
    const sampler = setInterval(() => {
      for (const socket of serverSockets()) maxBuffered = Math.max(maxBuffered, socket.bufferedAmount);
    }, 5);
    const request = JSON.stringify({ type: 'snapshot' });
    for (let index = 0; index < 2_000; index += 1) client.socket.send(request);

    const healthStarted = performance.now();
    const health = await rawRequest(base, '/healthz');
    const healthMs = performance.now() - healthStarted;
    const dropped = await until(
      () => serverSockets().every((socket) => socket.readyState !== WebSocket.OPEN),
      10_000,
    );
    clearInterval(sampler);
    const grownMb = (process.memoryUsage().rss - before) / 1024 / 1024;

    expect(health.status).toBe(200);
    expect(healthMs).toBeLessThan(1_000);
    expect(dropped).toBe(true);
    // At most the slow-client allowance and the one message that crossed it.
    expect(maxBuffered).toBeLessThan(slowClientBufferBytes + 512 * 1024);
    expect(grownMb).toBeLessThan(200);
  }, 60_000);

  it('is closed with 4008 once its unread replies pass the slow-client allowance', async () => {
    const client = await stalledClient();
    const serverSide = () => serverSockets()[0];
    let maxBuffered = 0;
    // Within the message-rate limit (a burst, then fewer than socketMessagesPerSecond): only the
    // slow-client rule can stop it. The kernel's socket buffers take some megabytes of replies
    // before any stay queued in the server.
    const request = JSON.stringify({ type: 'snapshot' });
    const started = Date.now();
    for (
      let sent = 0;
      serverSide()?.readyState === WebSocket.OPEN && Date.now() - started < 30_000;
      sent += 1
    ) {
      client.socket.send(request);
      maxBuffered = Math.max(maxBuffered, serverSide()?.bufferedAmount ?? 0);
      if (sent >= socketMessageBurst / 2)
        await new Promise((resolve) => setTimeout(resolve, 1000 / (socketMessagesPerSecond - 2)));
      else await new Promise((resolve) => setImmediate(resolve));
    }
    expect(serverSide()?.readyState ?? WebSocket.CLOSED).not.toBe(WebSocket.OPEN);
    expect(maxBuffered).toBeLessThan(slowClientBufferBytes + 512 * 1024);
    // Reading again, the client gets what was queued and then the close, with the slow-client code.
    client.tcp.resume();
    expect(await client.closed).toBe(4008);
  }, 60_000);
});

describe('a client that floods messages', () => {
  it('is closed with 1008 after its burst allowance, having been answered at most that often', async () => {
    const client = await connect(base);
    for (let index = 0; index < 500; index += 1)
      client.socket.send(JSON.stringify({ type: 'ping', id: String(index) }));
    expect(await client.closed).toBe(1008);
    const pongs = client.received.filter((message) => (message as { type: string }).type === 'pong');
    expect(pongs.length).toBeGreaterThan(0);
    expect(pongs.length).toBeLessThanOrEqual(socketMessageBurst);
  });

  it('is served without limit at an ordinary pace', async () => {
    const client = await connect(base);
    for (let index = 0; index < 30; index += 1) {
      client.socket.send(JSON.stringify({ type: 'ping', id: String(index) }));
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(
      await until(
        () =>
          client.received.filter((message) => (message as { type: string }).type === 'pong').length === 30,
        5_000,
      ),
    ).toBe(true);
    expect(client.socket.readyState).toBe(WebSocket.OPEN);
    client.socket.close();
  });
});

describe('shutdown', () => {
  let context: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    context = await createTestApp();
  });
  afterAll(async () => {
    await context.close();
  });

  it('closes open sockets with 1001 (going away)', async () => {
    const client = await connect(await listenOnLoopback(context.app));
    await until(() => client.received.length > 0, 5_000);
    await context.app.close();
    expect(await client.closed).toBe(1001);
  });
});
