import { createRequire } from 'node:module';
import type { Writable } from 'node:stream';
import type { ServerMessage } from '@zhicai/contract';
import { describe, expect, it } from 'vitest';
import { createSocketChannels } from './socket-channels.ts';
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
    sendFrames: (frames: Buffer) => {
      writes.push(frames);
      receiver.write(frames);
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

  it('serves sockets in slices, yielding to the event loop between them, and keeps publications in order', async () => {
    const clock = { now: 0 };
    const yields: number[] = [];
    let written = 0;
    const channels = createSocketChannels({
      now: () => clock.now,
      sliceMs: 8,
      yieldToLoop: async () => {
        yields.push(written);
      },
    });
    const order: string[][] = Array.from({ length: 100 }, () => []);
    for (const received of order)
      channels.join('flash', {
        sendFrames: (frames) => {
          // Each write costs 0.5 ms: 16 sockets make a slice.
          clock.now += 0.5;
          written += 1;
          for (const payload of framePayloads(frames)) received.push(JSON.parse(payload.toString()).message);
        },
      });
    const first = channels.publish('flash', [errorMessage('先')]);
    const second = channels.publish('flash', [errorMessage('后')]);
    expect(await Promise.all([first, second])).toEqual([100, 100]);
    // The first slice starts at once, without a yield; then one yield per 16 sockets.
    expect(yields.slice(0, 6)).toEqual([16, 32, 48, 64, 80, 96]);
    expect(order.every((received) => received.join() === '先,后')).toBe(true);
  });

  it('says when no publication is under way, so a tick fan-out can let one finish first', async () => {
    let turns = 0;
    let served = 0;
    const channels = createSocketChannels({
      sliceMs: 0,
      yieldToLoop: async () => {
        turns += 1;
      },
    });
    for (let index = 0; index < 10; index += 1)
      channels.join('flash', {
        sendFrames: () => {
          served += 1;
        },
      });
    await channels.idle();
    expect(turns).toBe(0);
    const sent = channels.publish('flash', [errorMessage('快讯')]);
    await channels.idle();
    // It spanned several turns, and every socket was served before idle answered.
    expect(turns).toBeGreaterThan(1);
    expect(served).toBe(10);
    expect(await sent).toBe(10);
  });
});
