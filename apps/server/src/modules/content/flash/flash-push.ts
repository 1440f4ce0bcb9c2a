import type { Flash } from '@zhicai/contract';
import type { SocketChannels } from '../../../market/socket-channels.ts';
import type { FlashRepository, FlashRow } from './flash.repository.ts';
import type { FlashPageCache } from './flash-page-cache.ts';

/**
 * A flash found in the table is pushed only while it is news: one whose time is more than this
 * before the clock (a backlog loaded by an import) joins the feed unannounced.
 */
export const livePushWindowMs = 10 * 60 * 1000;
/** At most this many flashes are pushed from one look at the table; a bulk import pushes its newest. */
export const maxPushedPerCheck = 20;
/** How often the table is looked at for flashes written elsewhere (an import, another instance). */
export const flashCheckMs = 2000;

export interface FlashPushDeps {
  repository: Pick<FlashRepository, 'newestId' | 'newestAfter'>;
  toFlash: (row: FlashRow) => Flash;
  channels: Pick<SocketChannels, 'publish'>;
  cache: Pick<FlashPageCache, 'written'>;
  clock: () => Date;
  onError: (error: unknown) => void;
  /** What a push cost: wall and process CPU milliseconds from the first socket to the last. */
  onPushed?: (cost: { flashes: number; sockets: number; ms: number; cpuMs: number }) => void;
}

/**
 * The one place that pushes flashes to the `flash` channel (issue 17, Server 6). Whoever writes a
 * flash, this pushes it once: the demo writer hands over what it wrote at once (`written`), and a
 * look at the table (`check`, every flashCheckMs) finds what was written elsewhere — by
 * `npm run import` in its own process, or by another instance on the same database. Flashes are
 * pushed in id order, each at most once: everything up to the newest id pushed is done.
 */
export function createFlashPush(deps: FlashPushDeps) {
  const { repository, toFlash, channels, cache, clock } = deps;
  let pushedUpTo = 0;
  let queue: Promise<unknown> = Promise.resolve();

  const isNews = (row: FlashRow) => row.time >= clock().getTime() - livePushWindowMs;

  /**
   * Pushes the rows above the mark, those of `onlyNews` only while they are news, as one `flashes`
   * message listing them oldest first: the channel serialises it once and every socket reads one
   * frame, however many flashes a tick wrote. Answers how many flashes went out.
   */
  async function push(rows: readonly FlashRow[], newestId: number, onlyNews: boolean): Promise<number> {
    const flashes: Flash[] = [];
    for (const row of rows) {
      if (row.id <= pushedUpTo) continue;
      // Marked before it goes out: a row that cannot be pushed is logged once, not retried forever.
      pushedUpTo = row.id;
      if (onlyNews && !isNews(row)) continue;
      try {
        flashes.push(toFlash(row));
      } catch (error) {
        deps.onError(error);
      }
    }
    pushedUpTo = Math.max(pushedUpTo, newestId);
    // The newest page is keyed by this id from now on, so it shows them at once.
    cache.written(newestId);
    if (flashes.length === 0) return 0;
    const started = performance.now();
    const cpuBefore = process.cpuUsage();
    const sockets = await channels.publish('flash', [{ type: 'flashes', flashes }]);
    const cpu = process.cpuUsage(cpuBefore);
    deps.onPushed?.({
      flashes: flashes.length,
      sockets,
      ms: performance.now() - started,
      cpuMs: (cpu.user + cpu.system) / 1000,
    });
    return flashes.length;
  }

  /** Runs after what is queued, so the mark moves in one order; a failure is logged, not thrown. */
  function queued<T>(task: () => Promise<T> | T, failed: T): Promise<T> {
    const next = queue.then(task).catch((error: unknown) => {
      deps.onError(error);
      return failed;
    });
    queue = next;
    return next;
  }

  return {
    /** Starts at the newest flash stored: what was written before this process started is old. */
    start: () =>
      queued(async () => {
        pushedUpTo = Math.max(pushedUpTo, await repository.newestId());
      }, undefined),

    /**
     * Flashes of events this process saw happen (ascending ids; their times are on the market's
     * clock): pushed at once, without waiting for a look.
     */
    written(rows: readonly FlashRow[]): Promise<number> {
      const newestId = rows.reduce((newest, row) => Math.max(newest, row.id), 0);
      return queued(() => push(rows, newestId, false), 0);
    },

    /** Looks for flashes written elsewhere and pushes them; answers how many went out. */
    check(): Promise<number> {
      return queued(async () => {
        const newestId = await repository.newestId();
        if (newestId <= pushedUpTo) return 0;
        return push(await repository.newestAfter(pushedUpTo, maxPushedPerCheck), newestId, true);
      }, 0);
    },

    /** Resolves once everything queued so far has run (tests, shutdown). */
    idle: () => queue.then(() => undefined),
  };
}

export type FlashPush = ReturnType<typeof createFlashPush>;
