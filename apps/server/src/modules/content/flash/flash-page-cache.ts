import { gzipSync } from 'node:zlib';
import { Codes, type FlashPage, responseCodes } from '@zhicai/contract';
import { PreparedAnswer, PreparedHeaders } from '../../../http/register-endpoint.ts';

/**
 * Answers of the feed calls, serialised once (issue 17 benchmark: 50 flashes by cursor ≥ 5,000 req
 * per server CPU-second). Flash ids only grow, so a page below a cursor never changes once its
 * flashes are written; the newest page (no cursor) is keyed by the newest id stored, so a flash
 * written by anyone (this process, an import, another instance) makes it a new key at once.
 */

const maxAnswers = 512;

const jsonHeaders = new PreparedHeaders({ vary: 'accept-encoding' });
const gzipHeaders = new PreparedHeaders({ vary: 'accept-encoding', 'content-encoding': 'gzip' });
const envelopeHead = `{"code":${JSON.stringify(Codes.ok)},"message":${JSON.stringify(responseCodes[Codes.ok].message)},"datas":`;

interface Cached {
  plain: PreparedAnswer;
  gzip: PreparedAnswer | null;
}

export function createFlashPageCache() {
  const answers = new Map<string, Cached>();
  return {
    /** The answer of a page by its key (which names its cursor, or the newest id when it has none). */
    async answer(key: string, load: () => Promise<FlashPage>, acceptsGzip: boolean): Promise<PreparedAnswer> {
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
      if (!acceptsGzip) return cached.plain;
      cached.gzip ??= new PreparedAnswer(gzipSync(cached.plain.payload, { level: 3 }), gzipHeaders);
      return cached.gzip;
    },
  };
}

export type FlashPageCache = ReturnType<typeof createFlashPageCache>;
