import { Codes, type Quote, quote as quoteSchema, responseCodes } from '@zhicai/contract';
import { z } from 'zod';
import {
  type ContentEncoding,
  compressAnswer,
  encodingHeaders,
  plainAnswerHeaders,
} from '../../http/answer-encoding.ts';
import { PreparedAnswer } from '../../http/register-endpoint.ts';

export { type ContentEncoding, negotiateEncoding } from '../../http/answer-encoding.ts';

/**
 * The realTime answer (issue 4 budget: 5,000 req/s for 50 codes, 25,000 for one, on one core),
 * built without re-validating and re-serialising every quote on every request.
 *
 * - Each quote's JSON text is made once per quote object, by encoding it with the contract's quote
 *   schema (what the zod response serializer does per request), so the contract is still checked
 *   at run time, once per quote and tick. The quote engine replaces a quote object whenever it
 *   recomputes it (each 3 s beat, and phase changes outside sessions) and never mutates one, so
 *   the object's identity is the cache key and nothing has to watch the engine's seq.
 * - The envelope is the catalogue's success envelope around those texts, in the key order the
 *   serializer writes.
 * - A small LRU keeps, per normalised code list, the quotes the answer was built from, its text
 *   and its compressed bytes per encoding; an entry is used only while every quote is still the
 *   same object, so a new tick rebuilds it. A watchlist polled by many phones each 3 s is then
 *   compressed once per tick instead of once per request.
 */

export interface RealtimeAnswer {
  /**
   * The envelope's JSON as UTF-8 bytes, or its compressed bytes. Bytes rather than text: a string
   * would be measured (Content-Length) and encoded again on every send.
   */
  payload: Buffer;
  /** Set when payload is compressed. */
  encoding: ContentEncoding | null;
  /**
   * The same answer as the route sends it, made once per tick, code list and encoding like the
   * bytes, so a request allocates nothing for it (the pre-router keeps what it derives from it).
   */
  prepared: PreparedAnswer;
}

function realtimeAnswer(payload: Buffer, encoding: ContentEncoding | null): RealtimeAnswer {
  const headers = encoding === null ? plainAnswerHeaders : encodingHeaders[encoding];
  return { payload, encoding, prepared: new PreparedAnswer(payload, headers) };
}

export interface RealtimeResponderOptions {
  /** How many code lists keep a ready answer (0: none; quote texts are still reused). */
  cacheSize?: number;
  /** Answers shorter than this (bytes of JSON) go out uncompressed: a single quote is ~0.6 KB. */
  compressThreshold?: number;
}

interface CachedAnswer {
  quotes: readonly Quote[];
  json: RealtimeAnswer;
  encoded: Partial<Record<ContentEncoding, RealtimeAnswer>>;
  /** When it was last used (a count of answers), for evicting the least recently used list. */
  lastUse: number;
}

const okCode = Codes.ok;
const envelopeHead = `{"code":${JSON.stringify(okCode)},"message":${JSON.stringify(responseCodes[okCode].message)},"datas":[`;
const envelopeTail = ']}';

export function createRealtimeResponder(options: RealtimeResponderOptions = {}) {
  const cacheSize = options.cacheSize ?? 128;
  const compressThreshold = options.compressThreshold ?? 1024;
  const quoteTexts = new WeakMap<Quote, string>();
  const answers = new Map<string, CachedAnswer>();
  /**
   * The cache key of a code list, by the list's identity: a pre-routed GET hands every request of a
   * querystring the same frozen list (memoizeQuery), so a repeat joins no string.
   */
  const listKeys = new WeakMap<readonly string[], string>();

  function keyOf(codes: readonly string[]): string {
    if (!Object.isFrozen(codes)) return codes.join(',');
    let key = listKeys.get(codes);
    if (key === undefined) {
      key = codes.join(',');
      listKeys.set(codes, key);
    }
    return key;
  }

  function quoteText(quote: Quote): string {
    let text = quoteTexts.get(quote);
    if (text === undefined) {
      text = JSON.stringify(z.encode(quoteSchema, quote));
      quoteTexts.set(quote, text);
    }
    return text;
  }

  /** The success envelope of these quotes as JSON text. */
  function envelopeJson(quotes: readonly Quote[]): string {
    let body = envelopeHead;
    for (let index = 0; index < quotes.length; index += 1) {
      if (index > 0) body += ',';
      body += quoteText(quotes[index] as Quote);
    }
    return body + envelopeTail;
  }

  let uses = 0;

  function cached(key: string, quotes: readonly Quote[]): CachedAnswer {
    uses += 1;
    const entry = answers.get(key);
    if (entry && sameQuotes(entry.quotes, quotes)) {
      // A use count instead of re-inserting into the Map: a hit touches no Map structure.
      entry.lastUse = uses;
      return entry;
    }
    const json = realtimeAnswer(Buffer.from(envelopeJson(quotes)), null);
    const fresh: CachedAnswer = { quotes, json, encoded: {}, lastUse: uses };
    if (cacheSize > 0) {
      if (!entry && answers.size >= cacheSize) answers.delete(leastRecentlyUsed());
      answers.set(key, fresh);
    }
    return fresh;
  }

  /** Scanned only when a new list comes in with the cache full (and its answer is built anyway). */
  function leastRecentlyUsed(): string {
    let oldestKey = '';
    let oldestUse = Number.POSITIVE_INFINITY;
    for (const [key, entry] of answers) {
      if (entry.lastUse < oldestUse) {
        oldestKey = key;
        oldestUse = entry.lastUse;
      }
    }
    return oldestKey;
  }

  return {
    envelopeJson,

    /**
     * The answer for a normalised code list (as the contract's code-list schema leaves it) and the
     * quotes the service found for it, in the encoding the client accepts (null: plain JSON).
     */
    answer(
      codes: readonly string[],
      quotes: readonly Quote[],
      accepted: ContentEncoding | null,
    ): RealtimeAnswer {
      const entry = cached(keyOf(codes), quotes);
      if (accepted === null || entry.json.payload.length < compressThreshold) return entry.json;
      let encoded = entry.encoded[accepted];
      if (encoded === undefined) {
        encoded = realtimeAnswer(compressAnswer(entry.json.payload, accepted), accepted);
        entry.encoded[accepted] = encoded;
      }
      return encoded;
    },

    /** Code lists holding a ready answer (for tests). */
    cachedLists: () => answers.size,
  };
}

export type RealtimeResponder = ReturnType<typeof createRealtimeResponder>;

function sameQuotes(left: readonly Quote[], right: readonly Quote[]): boolean {
  if (left.length !== right.length) return false;
  for (let index = 0; index < left.length; index += 1) {
    if (left[index] !== right[index]) return false;
  }
  return true;
}
