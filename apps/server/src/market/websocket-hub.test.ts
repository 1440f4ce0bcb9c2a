import websocket, { type WebSocket } from '@fastify/websocket';
import { serverMessage, type TickRow } from '@zhicai/contract';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openQuoteSocket } from '../test/quote-socket-client.ts';
import { createTestApp, type TestContext } from '../test/test-app.ts';
import type { EngineTick, QuoteEngine } from './quote-engine.ts';
import { createSocketChannels } from './socket-channels.ts';
import { CodeIndex, framePayload, framePayloads, MessageArena, wholeTextFrames } from './tick-encoder.ts';
import { createUserSockets } from './user-sockets.ts';
import {
  fanOut,
  fanOutSliceMs,
  fanOutTick,
  MessageBudget,
  maxSkippedTicks,
  type QueuedFrames,
  registerWebsocketHub,
  slowClientBufferBytes,
  type TickClient,
} from './websocket-hub.ts';

function nextMessage(socket: WebSocket) {
  return new Promise<unknown>((resolve) => {
    socket.once('message', (data: Buffer) => resolve(serverMessage.parse(JSON.parse(data.toString()))));
  });
}

describe('websocket hub', () => {
  let context: TestContext;
  beforeAll(async () => {
    context = await createTestApp({ clock: () => new Date(1_700_000_000_000) });
    await context.app.ready();
  });
  afterAll(async () => {
    await context.close();
  });

  it('greets, answers a ping and rejects a malformed message', async () => {
    let hello: Promise<unknown> = Promise.resolve(undefined);
    const socket = await context.app.injectWS('/ws', {}, { onInit: (ws) => (hello = nextMessage(ws)) });
    expect(await hello).toEqual({ type: 'hello', v: 1, serverTime: 1_700_000_000_000 });
    socket.send(JSON.stringify({ type: 'ping', id: 'p1' }));
    expect(await nextMessage(socket)).toEqual({ type: 'pong', id: 'p1', serverTime: 1_700_000_000_000 });
    socket.send('not json at all');
    expect(await nextMessage(socket)).toEqual({ type: 'error', code: '400', message: '消息格式不正确' });
    socket.send(JSON.stringify({ type: 'subscribe', codes: [] }));
    expect(await nextMessage(socket)).toMatchObject({ type: 'error', code: '400' });
    socket.terminate();
  });

  it('sends a socket subscribed to no code no tick', async () => {
    const idle = await openQuoteSocket(context.app);
    await idle.nextIs('hello');
    const engine = context.market.engine;
    const first = engine.seq() + 1;
    for (let seq = first; seq < first + 3; seq += 1) {
      engine.applyTick({ seq, time: 1_700_000_000_000 + seq, tradingDay: 20231114, rows: [] });
    }
    // Its next message answers a ping sent after the ticks' fan-outs.
    await new Promise((resolve) => setImmediate(resolve));
    idle.socket.send(JSON.stringify({ type: 'ping', id: 'after' }));
    expect(await idle.nextIs('pong')).toMatchObject({ id: 'after' });
    idle.socket.terminate();
  });
});

describe('a beat with a flash on its way', () => {
  it("waits for the announced flash, so a quoting socket reads it in the tick's write, ahead of the tick", async () => {
    // A hub alone on an engine that knows every code, with the channels a flash module publishes to.
    const app = Fastify();
    await app.register(websocket);
    const listeners: ((tick: EngineTick) => void)[] = [];
    const engine = {
      onTick: (listener: (tick: EngineTick) => void) => {
        listeners.push(listener);
        return () => {};
      },
      onSessionsPrepared: () => () => {},
      quote: (code: string) => ({ code }),
      quotes: () => [],
      seq: () => 0,
    } as unknown as QuoteEngine;
    const channels = createSocketChannels();
    registerWebsocketHub(app, engine, () => new Date(1_700_000_000_000), {
      sessions: { resolve: async () => '016' as const },
      userSockets: createUserSockets(),
      channels,
    });
    await app.ready();
    try {
      const quoting = await openQuoteSocket(app);
      await quoting.nextIs('hello');
      quoting.socket.send(JSON.stringify({ type: 'join', channel: 'flash' }));
      quoting.socket.send(JSON.stringify({ type: 'subscribe', codes: ['600519.SH'] }));
      await quoting.nextIs('snapshot');
      // The beat's flash is still being inserted when its tick is out (PostgreSQL's real I/O): it
      // reaches the channel 30 ms later.
      const flash = { type: 'error', code: '400', message: '快讯' } as const;
      const inserted = new Promise((resolve) => setTimeout(resolve, 30)).then(() => {
        void channels.publish('flash', [flash]);
      });
      channels.announce(inserted);
      for (const listener of listeners) listener(tickOf(1, [row('600519.SH', 1500)]));
      expect(await quoting.next()).toEqual(flash);
      expect(await quoting.nextIs('tick')).toMatchObject({ seq: 1 });
      quoting.socket.terminate();
    } finally {
      await app.close();
    }
  });
});

/**
 * A socket that records what it is sent, through ws (send) or as frames written to its TCP socket
 * (_socket); each send advances the fake clock by sendMs.
 */
class FakeSocket {
  readyState = 1;
  bufferedAmount = 0;
  sent: { text: string; binary: boolean | undefined }[] = [];
  /** What was handed over: payloads given to send, whole frames written to the TCP socket. */
  data: Buffer[] = [];
  /** Calls of write on the TCP socket, each a system call on a real one. */
  writes = 0;
  closed: { code: number | undefined; reason: string | undefined } | undefined;
  readonly _socket = {
    write: (frames: Buffer) => {
      this.writes += 1;
      // Final text frames (FIN, opcode 1); the encoder's tests check the frames in full.
      expect(frames[0]).toBe(0x81);
      for (const payload of framePayloads(frames))
        this.sent.push({ text: payload.toString(), binary: false });
      this.data.push(frames);
      this.clock.now += this.sendMs;
      return true;
    },
  };
  constructor(
    private readonly clock: { now: number },
    private readonly sendMs = 0,
  ) {}
  send(data: Buffer, options?: { binary?: boolean }) {
    this.record(data, data.toString(), options?.binary);
  }
  private record(data: Buffer, text: string, binary: boolean | undefined) {
    this.sent.push({ text, binary });
    this.data.push(data);
    this.clock.now += this.sendMs;
  }
  close(code?: number, reason?: string) {
    this.closed = { code, reason };
    this.readyState = 2;
  }
}

const codeIndex = new CodeIndex();

function fakeClient(socket: FakeSocket, codes: string[], writesFrames = true): TickClient {
  return {
    socket: socket as unknown as TickClient['socket'],
    ids: codes.map((code) => codeIndex.idOf(code)),
    key: [...codes].sort().join(','),
    skipped: 0,
    writesFrames,
    outbox: [],
  };
}

function row(code: string, price: number): TickRow {
  return [code, price, price - 0.1, price + 0.2, price - 0.2, 1_000_000 + price, 12_345_678.9 + price];
}

function tickOf(seq: number, rows: TickRow[]): EngineTick {
  return { seq, time: 1_700_000_000_000 + seq * 3000, tradingDay: 20231114, rows };
}

/** The hub's tick message before the encoder: JSON.stringify per row, joined, sent as a string. */
function previousText(tick: EngineTick, codes: Iterable<string>): string {
  const rowJson = new Map(tick.rows.map((candidate) => [candidate[0], JSON.stringify(candidate)]));
  const head = `{"type":"tick","seq":${tick.seq},"time":${tick.time},"tradingDay":${tick.tradingDay},"rows":[`;
  const parts: string[] = [];
  for (const code of codes) {
    const json = rowJson.get(code);
    if (json !== undefined) parts.push(json);
  }
  return `${head}${parts.join(',')}]}`;
}

describe('tick fan-out', () => {
  const rows = Array.from({ length: 100 }, (_, index) => row(String(600_000 + index), 5 + index / 3));
  const tick = tickOf(7, rows);
  const codesOf = (client: number) =>
    Array.from({ length: 50 }, (_, index) => String(600_000 + ((client * 31 + index * 7) % 120)));

  it('sends each socket the same text frame as before, for its own codes', async () => {
    const clock = { now: 0 };
    const sockets = Array.from({ length: 20 }, () => new FakeSocket(clock));
    const clients = sockets.map((socket, index) => fakeClient(socket, codesOf(index)));
    await fanOutTick(clients, tick, codeIndex, { now: () => clock.now, yieldToLoop: async () => {} });
    sockets.forEach((socket, index) => {
      expect(socket.sent).toEqual([{ text: previousText(tick, codesOf(index)), binary: false }]);
    });
  });

  it('builds a subscription several sockets hold once, and one socket alone holds afresh', async () => {
    const clock = { now: 0 };
    const sockets = Array.from({ length: 4 }, () => new FakeSocket(clock));
    const common = ['600003', '600001'];
    const clients = [
      fakeClient(sockets[0] as FakeSocket, common),
      fakeClient(sockets[1] as FakeSocket, ['600002']),
      fakeClient(sockets[2] as FakeSocket, ['600001', '600003']),
      fakeClient(sockets[3] as FakeSocket, ['600004']),
    ];
    const sharedKeys = new Set(['600001,600003']);
    await fanOutTick(clients, tick, codeIndex, {
      now: () => clock.now,
      yieldToLoop: async () => {},
      shared: (key) => sharedKeys.has(key),
    });
    const [first, second, third] = sockets.map((socket) => socket.data[0]);
    // The same bytes for the same subscription, rows in the order of the first holder (as ever).
    expect(third).toBe(first);
    expect(sockets[0]?.sent[0]?.text).toBe(previousText(tick, common));
    expect(sockets[1]?.sent[0]?.text).toBe(previousText(tick, ['600002']));
    expect(Buffer.isBuffer(second)).toBe(true);
  });

  it('reuses the bytes of a message its socket has sent whole, never those still queued', async () => {
    const clock = { now: 0 };
    const queued = new FakeSocket(clock);
    // Below the slow-client mark, so it is served, but what it is sent stays queued.
    queued.bufferedAmount = 1000;
    const flushed = Array.from({ length: 5 }, () => new FakeSocket(clock));
    const clients = [
      fakeClient(flushed[0] as FakeSocket, ['600010']),
      fakeClient(queued, ['600011', '600012']),
      ...flushed.slice(1).map((socket, index) => fakeClient(socket, [String(600_020 + index)])),
    ];
    const arena = new MessageArena();
    const options = { now: () => clock.now, yieldToLoop: async () => {}, shared: () => false, arena };
    await fanOutTick(clients, tick, codeIndex, options);
    await fanOutTick(clients, tickOf(8, rows), codeIndex, options);
    // The queued socket's bytes are intact after both ticks; the flushed ones shared one region.
    expect(queued.sent.map((sent) => sent.text)).toEqual([
      previousText(tick, ['600011', '600012']),
      previousText(tickOf(8, rows), ['600011', '600012']),
    ]);
    const [first, second] = flushed.slice(1).map((socket) => socket.data[0] as Buffer);
    expect(first?.byteOffset).toBe(second?.byteOffset);
    expect(flushed.every((socket) => socket.sent.length === 2)).toBe(true);
    expect(flushed[2]?.sent[0]?.text).toBe(previousText(tick, ['600021']));
  });

  it('leaves the framing to ws for a socket with an extension (compression) negotiated', async () => {
    const clock = { now: 0 };
    const socket = new FakeSocket(clock);
    const written = new FakeSocket(clock);
    const codes = ['600001', '600002'];
    await fanOutTick([fakeClient(socket, codes, false), fakeClient(written, codes)], tick, codeIndex, {
      now: () => clock.now,
      yieldToLoop: async () => {},
    });
    expect(socket.sent).toEqual([{ text: previousText(tick, codes), binary: false }]);
    // ws.send gets the JSON alone, the same bytes a frame-writing socket's frame carries.
    expect(socket.data[0]?.equals(framePayload(written.data[0] as Buffer))).toBe(true);
  });

  it('yields before the first socket and then every sliceMs, serving each socket once', async () => {
    const clock = { now: 0 };
    const sockets = Array.from({ length: 1000 }, () => new FakeSocket(clock, 0.25));
    const clients = sockets.map((socket, index) => fakeClient(socket, codesOf(index)));
    const sentAtYields: number[] = [];
    const sentSoFar = () => sockets.reduce((total, socket) => total + socket.sent.length, 0);
    await fanOutTick(clients, tick, codeIndex, {
      now: () => clock.now,
      yieldToLoop: async () => {
        sentAtYields.push(sentSoFar());
      },
    });
    expect(sentSoFar()).toBe(1000);
    expect(sockets.every((socket) => socket.sent.length === 1)).toBe(true);
    // 1000 sends of 0.25 ms are 250 ms: about 50 slices of 5 ms (20 sockets each), after a first yield
    // that lets the engine's beat finish before anything is sent.
    expect(sentAtYields[0]).toBe(0);
    const slices = [...sentAtYields.slice(1), 1000].map((sent, index) => sent - (sentAtYields[index] ?? 0));
    expect(slices.length).toBeGreaterThanOrEqual(30);
    expect(Math.max(...slices)).toBe(fanOutSliceMs / 0.25);
  });

  it('serves sockets between real event-loop turns, at most sliceMs of them per turn', async () => {
    // Each send busy-waits 50 µs of wall time: 2000 sockets are at least 100 ms of work, so a slice
    // serves at most 8 / 0.05 + 1 sockets however busy the machine is.
    const busySocket = {
      readyState: 1,
      bufferedAmount: 0,
      sends: 0,
      _socket: {
        write() {
          busySocket.sends += 1;
          const until = performance.now() + 0.05;
          while (performance.now() < until) {
            // Busy, as a socket write is.
          }
          return true;
        },
      },
      close() {},
    };
    const clients = Array.from({ length: 2000 }, (_, index) =>
      fakeClient(busySocket as unknown as FakeSocket, codesOf(index)),
    );
    let done = false;
    const sendsPerTurn: number[] = [];
    const watcher = (async () => {
      let before = 0;
      while (!done) {
        await new Promise((resolve) => setImmediate(resolve));
        sendsPerTurn.push(busySocket.sends - before);
        before = busySocket.sends;
      }
    })();
    await fanOutTick(clients, tick, codeIndex);
    done = true;
    await watcher;
    expect(busySocket.sends).toBe(2000);
    expect(sendsPerTurn.filter((sends) => sends > 0).length).toBeGreaterThanOrEqual(2000 / 161);
    expect(Math.max(...sendsPerTurn)).toBeLessThanOrEqual(fanOutSliceMs / 0.05 + 1);
  });

  /** A flash message framed as the channels frame it, queued on a client with a record of its outcome. */
  function queueFlash(client: TickClient, text: string) {
    const outcome: { written?: boolean } = {};
    const queued: QueuedFrames = {
      frames: wholeTextFrames([JSON.stringify({ type: 'error', code: '400', message: text })]),
      done: (written) => {
        outcome.written = written;
      },
    };
    client.outbox.push(queued);
    return {
      frames: queued.frames,
      outcome,
      text: JSON.stringify({ type: 'error', code: '400', message: text }),
    };
  }

  it("writes a socket's queued flashes and its tick in one write, read as the flashes then the tick", async () => {
    const clock = { now: 0 };
    const socket = new FakeSocket(clock);
    const codes = ['600001', '600002'];
    const client = fakeClient(socket, codes);
    const first = queueFlash(client, '快讯一');
    const second = queueFlash(client, '快讯二');
    await fanOutTick([client], tick, codeIndex, { now: () => clock.now, yieldToLoop: async () => {} });
    expect(socket.writes).toBe(1);
    expect(socket.sent.map((sent) => sent.text)).toEqual([
      first.text,
      second.text,
      previousText(tick, codes),
    ]);
    expect([first.outcome, second.outcome]).toEqual([{ written: true }, { written: true }]);
    expect(client.outbox).toEqual([]);
  });

  it('sends a socket subscribed to nothing no tick, and its flash as the channel framed it', async () => {
    const clock = { now: 0 };
    const idle = new FakeSocket(clock);
    const reader = new FakeSocket(clock);
    const idleClient = fakeClient(idle, []);
    const readerClient = fakeClient(reader, []);
    const options = { now: () => clock.now, yieldToLoop: async () => {} };
    await fanOutTick([idleClient, readerClient], tick, codeIndex, options);
    expect(idle.writes + reader.writes).toBe(0);
    const flash = queueFlash(readerClient, '快讯');
    // A fan-out of queued frames alone, as the hub runs for a flash between ticks.
    await fanOut([readerClient], null, codeIndex, options);
    expect(reader.data).toEqual([flash.frames]);
    expect(reader.data[0]).toBe(flash.frames);
    expect(flash.outcome).toEqual({ written: true });
  });

  it('hands ws each message to frame for a socket with an extension', async () => {
    const clock = { now: 0 };
    const socket = new FakeSocket(clock);
    const codes = ['600001'];
    const client = fakeClient(socket, codes, false);
    const flash = queueFlash(client, '快讯');
    await fanOutTick([client], tick, codeIndex, { now: () => clock.now, yieldToLoop: async () => {} });
    expect(socket.writes).toBe(0);
    expect(socket.sent).toEqual([
      { text: flash.text, binary: false },
      { text: previousText(tick, codes), binary: false },
    ]);
  });

  it('closes a socket too slow to take its flash, and a closed one drops its flash, each told unwritten', async () => {
    const clock = { now: 0 };
    const slow = new FakeSocket(clock);
    slow.bufferedAmount = slowClientBufferBytes + 1;
    const gone = new FakeSocket(clock);
    gone.readyState = 3;
    const slowClient = fakeClient(slow, ['600001']);
    const goneClient = fakeClient(gone, []);
    const slowFlash = queueFlash(slowClient, '快讯');
    const goneFlash = queueFlash(goneClient, '快讯');
    await fanOutTick([slowClient, goneClient], tick, codeIndex, {
      now: () => clock.now,
      yieldToLoop: async () => {},
    });
    expect(slow.closed).toEqual({ code: 4008, reason: 'too slow' });
    expect(slow.sent).toEqual([]);
    expect([slowFlash.outcome, goneFlash.outcome]).toEqual([{ written: false }, { written: false }]);
  });

  it('skips a socket with too much unsent and drops it after maxSkippedTicks ticks in a row', async () => {
    const clock = { now: 0 };
    const slow = new FakeSocket(clock);
    const fine = new FakeSocket(clock);
    const closedSocket = new FakeSocket(clock);
    closedSocket.readyState = 3;
    const slowClient = fakeClient(slow, ['600001']);
    const clients = [slowClient, fakeClient(fine, ['600001']), fakeClient(closedSocket, ['600001'])];
    const options = { now: () => clock.now, yieldToLoop: async () => {} };

    slow.bufferedAmount = slowClientBufferBytes + 1;
    await fanOutTick(clients, tickOf(1, rows), codeIndex, options);
    expect(slowClient.skipped).toBe(1);
    // Caught up: it is served again and its count starts over.
    slow.bufferedAmount = slowClientBufferBytes;
    await fanOutTick(clients, tickOf(2, rows), codeIndex, options);
    expect(slowClient.skipped).toBe(0);
    expect(slow.sent.map((sent) => JSON.parse(sent.text).seq)).toEqual([2]);

    slow.bufferedAmount = slowClientBufferBytes + 1;
    for (let seq = 3; seq < 3 + maxSkippedTicks; seq += 1) {
      expect(slow.closed).toBeUndefined();
      await fanOutTick(clients, tickOf(seq, rows), codeIndex, options);
    }
    expect(slow.closed).toEqual({ code: 4008, reason: 'too slow' });
    expect(slow.sent).toHaveLength(1);
    expect(fine.sent.map((sent) => JSON.parse(sent.text).seq)).toEqual([1, 2, 3, 4, 5]);
    expect(closedSocket.sent).toEqual([]);
  });
});

describe('MessageBudget', () => {
  it('allows a burst, then refills at its rate and never beyond the burst', () => {
    let now = 0;
    const budget = new MessageBudget(3, 10, () => now);
    expect([budget.take(), budget.take(), budget.take(), budget.take()]).toEqual([true, true, true, false]);
    now += 100;
    expect([budget.take(), budget.take()]).toEqual([true, false]);
    now += 60_000;
    expect([budget.take(), budget.take(), budget.take(), budget.take()]).toEqual([true, true, true, false]);
  });
});
