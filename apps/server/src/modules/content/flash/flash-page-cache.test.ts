import type { FlashPage } from '@zhicai/contract';
import { describe, expect, it } from 'vitest';
import { createFlashPageCache, headFreshMs } from './flash-page-cache.ts';

/** A cache over a feed whose newest id the test moves, on a clock the test moves. */
function feedCache() {
  const state = { newestId: 10, now: 0, loads: 0 };
  const cache = createFlashPageCache({
    newestId: async () => state.newestId,
    now: () => state.now,
  });
  const load = async (): Promise<FlashPage> => {
    state.loads += 1;
    return { list: [], lastId: state.newestId };
  };
  const newestOf = async (answer: Promise<unknown> | unknown) =>
    JSON.parse(String((await (answer as Promise<{ payload: Buffer }>)).payload)).datas.lastId;
  return { state, cache, load, newestOf };
}

const head = { feed: 'list|1||50', lastId: undefined };

describe('the cache the pre-router answers the feed from', () => {
  it('answers a page below a cursor without I/O once it is loaded, as it never changes', async () => {
    const { cache, load, state } = feedCache();
    const page = { feed: 'list|1||50', lastId: 5 };
    expect(cache.ready(page, false)).toBeUndefined();
    const loaded = await cache.answer(page, load, false);
    state.now += 60_000;
    state.newestId = 99;
    expect(cache.ready(page, false)).toBe(loaded);
    expect(state.loads).toBe(1);
  });

  it('answers the newest page only while its newest id was read just now', async () => {
    const { cache, load, state } = feedCache();
    expect(cache.ready(head, true)).toBeUndefined();
    const loaded = await cache.answer(head, load, true);
    expect(cache.ready(head, true)).toBe(loaded);
    // Another process (an import) writes a flash: within headFreshMs the page may lag, after it
    // the request goes through the database again and sees it.
    state.newestId = 11;
    state.now += headFreshMs;
    expect(cache.ready(head, true)).toBeUndefined();
  });

  it('keys the newest page by a flash this process wrote at once', async () => {
    const { cache, load, state, newestOf } = feedCache();
    await cache.answer(head, load, false);
    state.newestId = 11;
    cache.written(11);
    expect(cache.ready(head, false)).toBeUndefined();
    expect(await newestOf(cache.answer(head, load, false))).toBe(11);
    expect(await newestOf(cache.ready(head, false))).toBe(11);
  });

  it('keeps a flash this process wrote while a read of the newest id was under way', async () => {
    const state = { now: 0, stored: 10 };
    let release = () => {};
    let slowRead = false;
    const cache = createFlashPageCache({
      newestId: () =>
        slowRead
          ? new Promise<number>((resolve) => {
              release = () => resolve(10);
            })
          : Promise.resolve(state.stored),
      now: () => state.now,
    });
    const load = async (): Promise<FlashPage> => ({ list: [], lastId: state.stored });
    await cache.answer(head, load, false);
    // A read of the newest id starts, then this process writes flash 11, then the read ends.
    slowRead = true;
    const reading = cache.answer(head, load, false);
    state.stored = 11;
    cache.written(11);
    release();
    await reading;
    const answer = cache.ready(head, false);
    expect(answer && JSON.parse(String(answer.payload)).datas.lastId).toBe(11);
  });
});
