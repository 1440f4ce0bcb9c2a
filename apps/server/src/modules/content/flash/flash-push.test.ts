import type { Flash, ServerMessage } from '@zhicai/contract';
import { describe, expect, it } from 'vitest';
import type { FlashRow } from './flash.repository.ts';
import { createFlashPush, livePushWindowMs, maxPushedPerCheck } from './flash-push.ts';

const NOW = Date.parse('2026-11-20T10:31:00+08:00');

function row(id: number, time = NOW): FlashRow {
  return {
    id,
    time,
    title: `快讯${id}`,
    body: '',
    importance: 1,
    codes: '[]',
    sectors: '[]',
    source: 'import',
    event_key: null,
  };
}

/**
 * A push over an in-memory table, recording the ids published, each publication's messages, and the
 * newest id the cache heard.
 */
function setup(stored: FlashRow[] = []) {
  const table = [...stored];
  const published: number[] = [];
  const publications: (readonly ServerMessage[])[] = [];
  let cached = 0;
  const push = createFlashPush({
    repository: {
      newestId: async () => table.at(-1)?.id ?? 0,
      newestAfter: async (afterId, limit) => table.filter((item) => item.id > afterId).slice(-limit),
    },
    toFlash: (item) => ({ id: item.id }) as Flash,
    channels: {
      publish: async (_channel, messages: readonly ServerMessage[]) => {
        publications.push(messages);
        for (const message of messages)
          if (message.type === 'flashes') published.push(...message.flashes.map(({ id }) => id));
        return 1;
      },
    },
    cache: {
      written: (id) => {
        cached = Math.max(cached, id);
      },
    },
    clock: () => new Date(NOW),
    onError: (error) => {
      throw error;
    },
  });
  return { table, published, publications, push, cached: () => cached };
}

describe('the flash push', () => {
  it('starts above what is stored, and pushes what another process writes once', async () => {
    const { table, published, push, cached } = setup([row(1), row(2)]);
    await push.start();
    expect(await push.check()).toBe(0);
    table.push(row(3), row(4));
    expect(await push.check()).toBe(2);
    expect(await push.check()).toBe(0);
    expect(published).toEqual([3, 4]);
    expect(cached()).toBe(4);
  });

  it("publishes a tick's flashes as one message listing them oldest first, one frame per socket", async () => {
    const { table, publications, push } = setup();
    await push.start();
    table.push(row(1), row(2), row(3));
    expect(await push.written([row(1), row(2), row(3)])).toBe(3);
    expect(publications).toHaveLength(1);
    expect(publications[0]).toEqual([{ type: 'flashes', flashes: [{ id: 1 }, { id: 2 }, { id: 3 }] }]);
  });

  it('pushes what this process wrote at once, and a later look does not push it again', async () => {
    const { table, published, push } = setup();
    await push.start();
    table.push(row(1), row(2));
    await push.written([row(1), row(2)]);
    expect(await push.check()).toBe(0);
    expect(published).toEqual([1, 2]);
  });

  it('keeps a backlog out of the push: only flashes of the last minutes, and the newest few of a bulk import', async () => {
    const { table, published, push, cached } = setup();
    await push.start();
    table.push(row(1, NOW - livePushWindowMs - 1), row(2, NOW - livePushWindowMs));
    for (let id = 3; id <= 3 + maxPushedPerCheck * 2; id += 1) table.push(row(id));
    expect(await push.check()).toBe(maxPushedPerCheck);
    const newest = 3 + maxPushedPerCheck * 2;
    expect(published).toEqual(
      Array.from({ length: maxPushedPerCheck }, (_, index) => newest - maxPushedPerCheck + 1 + index),
    );
    expect(cached()).toBe(newest);
    expect(await push.check()).toBe(0);
  });

  it('logs a flash that cannot be pushed and goes on with the next', async () => {
    const errors: unknown[] = [];
    const push = createFlashPush({
      repository: { newestId: async () => 0, newestAfter: async () => [] },
      toFlash: () => {
        throw new Error('bad row');
      },
      channels: { publish: async () => 0 },
      cache: { written: () => undefined },
      clock: () => new Date(NOW),
      onError: (error) => errors.push(error),
    });
    await push.start();
    expect(await push.written([row(1), row(2)])).toBe(0);
    expect(errors).toHaveLength(2);
    await push.idle();
  });
});
