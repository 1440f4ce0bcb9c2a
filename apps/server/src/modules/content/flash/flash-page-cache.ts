import { gzipSync } from 'node:zlib';
import { Codes, type FlashPage, responseCodes } from '@zhicai/contract';
import { PreparedAnswer, PreparedHeaders } from '../../../http/register-endpoint.ts';

/**
 * Answers of the feed calls, serialised once (issue 17 benchmark: 50 flashes by cursor ≥ 5,000 req
 * per server CPU-second). Flash ids only grow, so a page below a cursor never changes once its
 * flashes are written. The newest page (no cursor) is keyed by the newest id stored: a request
 * through Fastify reads that id from the database, so a flash written by anyone (this process, an
 * import, another instance) makes it a new key at once. The pre-router answers from this cache
 * without any I/O (`ready`): pages below a cursor always, the newest page only while the newest id
 * was read less than `headFreshMs` ago or was just written by this process (`written`), so a flash
 * written elsewhere shows on the newest page within that time.
 */

const maxAnswers = 512;
export const headFreshMs = 1000;

const jsonHeaders = new PreparedHeaders({ vary: 'accept-encoding' });
const gzipHeaders = new PreparedHeaders({ vary: 'accept-encoding', 'content-encoding': 'gzip' });
const envelopeHead = `{"code":${JSON.stringify(Codes.ok)},"message":${JSON.stringify(responseCodes[Codes.ok].message)},"datas":`;

interface Cached {
  plain: PreparedAnswer;
  gzip: PreparedAnswer | null;
}

/** Which page of which feed: the feed's own key (filters and size) and the page's cursor. */
export interface FlashPageKey {
  feed: string;
  lastId: number | undefined;
}

export function createFlashPageCache(options: { newestId: () => Promise<number>; now?: () => number }) {
  const now = options.now ?? (() => performance.now());
  const answers = new Map<string, Cached>();
  let newest = { id: 0, at: Number.NEGATIVE_INFINITY };

  const keyOf = (feed: string, position: string) => `${feed}|${position}`;

  function encoded(cached: Cached, acceptsGzip: boolean): PreparedAnswer {
    if (!acceptsGzip) return cached.plain;
    cached.gzip ??= new PreparedAnswer(gzipSync(cached.plain.payload, { level: 3 }), gzipHeaders);
    return cached.gzip;
  }

  return {
    /** The answer of a page, loading and serialising it when it is not cached. */
    async answer(
      { feed, lastId }: FlashPageKey,
      load: () => Promise<FlashPage>,
      acceptsGzip: boolean,
    ): Promise<PreparedAnswer> {
      let position = `below:${lastId}`;
      if (lastId === undefined) {
        const at = now();
        const id = await options.newestId();
        // A flash this process wrote while the read was under way is newer than what it read.
        newest = { id: Math.max(id, newest.id), at };
        position = `head:${newest.id}`;
      }
      const key = keyOf(feed, position);
      let cached = answers.get(key);
      if (!cached) {
        const page = await load();
        cached = {
          plain: new PreparedAnswer(Buffer.from(`${envelopeHead}${JSON.stringify(page)}}`), jsonHeaders),
          gzip: null,
        };
        if (answers.size >= maxAnswers) answers.delete(answers.keys().next().value as string);
        answers.set(key, cached);
      }
      return encoded(cached, acceptsGzip);
    },

    /** The cached answer of a page when it is certainly current, without I/O; else undefined. */
    ready({ feed, lastId }: FlashPageKey, acceptsGzip: boolean): PreparedAnswer | undefined {
      if (lastId === undefined && now() - newest.at >= headFreshMs) return undefined;
      const cached = answers.get(keyOf(feed, lastId === undefined ? `head:${newest.id}` : `below:${lastId}`));
      return cached && encoded(cached, acceptsGzip);
    },

    /** This process wrote flashes up to `id`: the newest pages are keyed by it from now on. */
    written(id: number): void {
      if (id > newest.id) newest = { id, at: now() };
    },
  };
}

export type FlashPageCache = ReturnType<typeof createFlashPageCache>;
