import { createRequire } from 'node:module';
import type { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createSocketChannels } from './socket-channels.ts';

/** ws's frame parser, which its type declarations leave out: the oracle for the frames written. */
const { Receiver } = createRequire(import.meta.url)('ws') as {
  Receiver: new (options: { isServer: boolean }) => Writable;
};

/** What a websocket client reads from the frames written to it (ws's own frame parser). */
function clientReading() {
  const messages: string[] = [];
  const receiver = new Receiver({ isServer: false });
  receiver.on('message', (data: Buffer) => messages.push(data.toString('utf8')));
  return {
    messages,
    sendFrame: (frame: Buffer) => {
      receiver.write(frame);
    },
  };
}

describe('socket channels', () => {
  it.each([
    ['a short message', 10],
    ['a flash-sized message', 400],
    ['a message over 64 KB', 70_000],
  ])('hands every member %s as one whole text frame it reads back', (_case, bodyLength) => {
    const channels = createSocketChannels();
    const members = [clientReading(), clientReading()];
    for (const member of members) channels.join('flash', member);
    const message = {
      type: 'error',
      code: '400',
      message: `快讯${'正'.repeat(bodyLength)}`,
    } as const;
    expect(channels.publish('flash', message)).toBe(2);
    for (const member of members) expect(member.messages.map((text) => JSON.parse(text))).toEqual([message]);
  });

  it('stops sending to a socket that left', () => {
    const channels = createSocketChannels();
    const member = clientReading();
    const leave = channels.join('flash', member);
    leave();
    expect(channels.publish('flash', { type: 'error', code: '400', message: 'x' })).toBe(0);
    expect(member.messages).toEqual([]);
  });
});
