import { createRequire } from 'node:module';
import type { Writable } from 'node:stream';
import type { ServerMessage } from '@zhicai/contract';
import { describe, expect, it, vi } from 'vitest';
import { announcedWaitMs, createSocketChannels } from './socket-channels.ts';
import { framePayloads } from './tick-encoder.ts';

/** ws's frame parser, which its type declarations leave out: the oracle for the frames written. */
const { Receiver } = createRequire(import.meta.url)('ws') as {
  Receiver: new (options: { isServer: boolean }) => Writable;
};

/** What a websocket client reads from the frames written to it (ws's own frame parser). */
function clientReading() {
  const messages: string[] = [];
  const writes: Buffer[] = [];
  const receiver = new Receiver({ isServer: false });
  receiver.on('message', (data: Buffer) => messages.push(data.toString('utf8')));
  return {
    messages,
    writes,
    sendFrames: (frames: Buffer, done: (written: boolean) => void) => {
      writes.push(frames);
      receiver.write(frames);
      done(true);
    },
  };
}

const errorMessage = (text: string): ServerMessage => ({ type: 'error', code: '400', message: text });

describe('socket channels', () => {
  it.each([
    ['a short message', 10],
    ['a flash-sized message', 400],
    ['a message over 64 KB', 70_000],
  ])('hands every member %s as one whole text frame it reads back', async (_case, bodyLength) => {
    const channels = createSocketChannels();
    const members = [clientReading(), clientReading()];
    for (const member of members) channels.join('flash', member);
    const message = errorMessage(`快讯${'正'.repeat(bodyLength)}`);
    expect(await channels.publish('flash', [message])).toBe(2);
    for (const member of members) expect(member.messages.map((text) => JSON.parse(text))).toEqual([message]);
  });

  it('writes several messages to each socket at once, which it reads as as many messages in order', async () => {
    const channels = createSocketChannels();
    const member = clientReading();
    channels.join('flash', member);
    const messages = [
      errorMessage('一'),
      errorMessage(`二${'长'.repeat(300)}`),
      errorMessage('三'.repeat(70_000)),
    ];
    expect(await channels.publish('flash', messages)).toBe(1);
    expect(member.writes).toHaveLength(1);
    expect(member.messages.map((text) => JSON.parse(text))).toEqual(messages);
    // The hub splits the same buffer for a socket whose extension makes ws frame each message.
    const payloads = framePayloads(member.writes[0] as Buffer).map((payload) =>
      JSON.parse(payload.toString()),
    );
    expect(payloads).toEqual(messages);
  });

  it('stops sending to a socket that left', async () => {
    const channels = createSocketChannels();
    const member = clientReading();
    const leave = channels.join('flash', member);
    leave();
    expect(await channels.publish('flash', [errorMessage('x')])).toBe(0);
    expect(member.messages).toEqual([]);
  });

  it('answers once every socket has written or dropped the frames, counting those written', async () => {
    const channels = createSocketChannels();
    const later: ((written: boolean) => void)[] = [];
    const order: string[][] = Array.from({ length: 3 }, () => []);
    for (const received of order)
      channels.join('flash', {
        // The hub queues the frames and writes them with the socket's next beat.
        sendFrames: (frames, done) => {
          for (const payload of framePayloads(frames)) received.push(JSON.parse(payload.toString()).message);
          later.push(done);
        },
      });
    let answered: number | undefined;
    const first = channels.publish('flash', [errorMessage('先')]).then((count) => {
      answered = count;
    });
    const second = channels.publish('flash', [errorMessage('后')]);
    // Queued in publication order, so every socket reads them in that order.
    expect(order.every((received) => received.join() === '先,后')).toBe(true);
    later[0]?.(true);
    later[1]?.(false);
    await Promise.resolve();
    expect(answered).toBeUndefined();
    later[2]?.(true);
    await first;
    expect(answered).toBe(2);
    for (const done of later.slice(3)) done(true);
    expect(await second).toBe(3);
  });

  it('hands a large channel its frames in slices, letting the event loop run between them, each socket in publication order', async () => {
    // A clock that moves 1 ms per socket handed its frames: 8 ms slices hold 8 sockets each.
    let now = 0;
    const channels = createSocketChannels({ now: () => now, sliceMs: 8 });
    const received: string[][] = Array.from({ length: 20 }, () => []);
    for (const messages of received)
      channels.join('flash', {
        sendFrames: (frames, done) => {
          now += 1;
          for (const payload of framePayloads(frames)) messages.push(JSON.parse(payload.toString()).message);
          done(true);
        },
      });
    const handed = () => received.filter((messages) => messages.length > 0).length;
    const first = channels.publish('flash', [errorMessage('先')]);
    // The first slice is handed over at once; the rest on later turns of the event loop, with
    // other work (here a callback queued now) running between them.
    expect(handed()).toBe(8);
    const betweenSlices = new Promise<number>((resolve) => setImmediate(() => resolve(handed())));
    const second = channels.publish('flash', [errorMessage('后')]);
    expect(await betweenSlices).toBeLessThan(20);
    expect(await first).toBe(20);
    expect(await second).toBe(20);
    expect(received.every((messages) => messages.join() === '先,后')).toBe(true);
  });

  it("holds a tick's fan-out until a publication handed over in slices has reached every socket", async () => {
    let now = 0;
    const channels = createSocketChannels({ now: () => now, sliceMs: 8 });
    let handed = 0;
    for (let index = 0; index < 20; index += 1)
      channels.join('flash', {
        sendFrames: (_frames, done) => {
          now += 1;
          handed += 1;
          done(true);
        },
      });
    const published = channels.publish('flash', [errorMessage('快讯')]);
    expect(handed).toBe(8);
    await channels.announced();
    expect(handed).toBe(20);
    expect(await published).toBe(20);
  });

  it('holds a fan-out until announced publications are handed over, and one that stalls announcedWaitMs, once', async () => {
    vi.useFakeTimers();
    try {
      const channels = createSocketChannels();
      let handOver: () => void = () => {};
      channels.announce(new Promise<void>((resolve) => (handOver = resolve)));
      let waited = false;
      void channels.announced().then(() => (waited = true));
      await vi.advanceTimersByTimeAsync(10);
      expect(waited).toBe(false);
      handOver();
      await vi.advanceTimersByTimeAsync(0);
      expect(waited).toBe(true);
      // A publication that never comes (a stalled database) holds the fan-out announcedWaitMs.
      channels.announce(new Promise(() => {}));
      let gaveUp = false;
      void channels.announced().then(() => (gaveUp = true));
      await vi.advanceTimersByTimeAsync(announcedWaitMs - 1);
      expect(gaveUp).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      expect(gaveUp).toBe(true);
      // It held that fan-out only: the next one goes at once.
      let next = false;
      void channels.announced().then(() => (next = true));
      await vi.advanceTimersByTimeAsync(0);
      expect(next).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });
});
