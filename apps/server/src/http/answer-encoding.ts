import { brotliCompressSync, constants, deflateSync, gzipSync } from 'node:zlib';
import { PreparedHeaders } from './register-endpoint.ts';

/**
 * Compression of dynamic JSON answers that a route compresses itself (`compressesItself`: realTime,
 * the watchlist's live list): the encoding negotiated from Accept-Encoding, the headers that go with
 * it, and settings cheap enough for an answer made again each tick.
 */

export type ContentEncoding = 'br' | 'gzip' | 'deflate';

/** Headers of a plain answer that has compressed siblings (caches must key on Accept-Encoding). */
export const plainAnswerHeaders = new PreparedHeaders({ vary: 'accept-encoding' });
export const encodingHeaders: Record<ContentEncoding, PreparedHeaders> = {
  br: new PreparedHeaders({ vary: 'accept-encoding', 'content-encoding': 'br' }),
  gzip: new PreparedHeaders({ vary: 'accept-encoding', 'content-encoding': 'gzip' }),
  deflate: new PreparedHeaders({ vary: 'accept-encoding', 'content-encoding': 'deflate' }),
};

/** Above this size the fastest settings are used (a 500-item watchlist is ~250 KB of JSON). */
const LARGE_ANSWER_BYTES = 64 * 1024;

/**
 * Cheap settings for dynamic JSON: an answer is compressed once per tick and list, but a list no
 * one else asks for is compressed for every request. On a 20 KB answer of 50 quotes brotli
 * quality 2 gives 5.3 KB in ~60% of the time quality 4 (what @fastify/compress uses) takes for
 * 5.2 KB; gzip level 3 gives 5.7 KB in ~60% of level 6's time for 5.3 KB. On a 250 KB watchlist
 * answer brotli quality 1 gives 40 KB in ~70% of the time gzip level 1 takes for 45 KB, and
 * quality 2 costs ~1.7 times quality 1 for 1% less.
 */
export function compressAnswer(input: Buffer | string, encoding: ContentEncoding): Buffer {
  const large = input.length > LARGE_ANSWER_BYTES;
  switch (encoding) {
    case 'br':
      return brotliCompressSync(input, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: large ? 1 : 2,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: input.length,
        },
      });
    case 'gzip':
      return gzipSync(input, { level: large ? 1 : 3 });
    case 'deflate':
      return deflateSync(input, { level: large ? 1 : 3 });
  }
}

/** Server preference among encodings the client rates equally (as @fastify/compress orders them). */
const preference: readonly ContentEncoding[] = ['br', 'gzip', 'deflate'];
const negotiated = new Map<string, ContentEncoding | null>();

/**
 * The encoding to answer with for an Accept-Encoding header (RFC 9110 §12.5.3): the highest q
 * value wins, ties go to br, gzip, deflate, identity in that order; x-gzip and `*` count as gzip
 * (as @fastify/compress reads them); q=0 refuses. Null means plain JSON. Results are memoised per
 * header text (clients send a handful of distinct headers).
 */
export function negotiateEncoding(header: string | undefined): ContentEncoding | null {
  if (header === undefined || header === '') return null;
  const known = negotiated.get(header);
  if (known !== undefined) return known;
  const weights = new Map<string, number>();
  for (const part of header.toLowerCase().split(',')) {
    const [token = '', ...parameters] = part.split(';').map((piece) => piece.trim());
    const name = token === 'x-gzip' || token === '*' ? 'gzip' : token;
    if (name === '' || (token === '*' && weights.has('gzip'))) continue;
    let weight = 1;
    for (const parameter of parameters) {
      const match = /^q=([0-9.]+)$/.exec(parameter);
      if (match) weight = Number(match[1]);
    }
    if (Number.isFinite(weight)) weights.set(name, weight);
  }
  let best: ContentEncoding | 'identity' = 'identity';
  // Identity is acceptable unless the client refuses it by name.
  let bestWeight = weights.get('identity') ?? Number.MIN_VALUE;
  for (const encoding of preference) {
    const weight = weights.get(encoding) ?? 0;
    if (weight > bestWeight) {
      best = encoding;
      bestWeight = weight;
    }
  }
  const result = best === 'identity' ? null : best;
  if (negotiated.size >= 64) negotiated.clear();
  negotiated.set(header, result);
  return result;
}
