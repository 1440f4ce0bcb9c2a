// Node's own crypto computes the expected values, so these tests check the algorithm of
// reference/protocol.md independently of crypto-js rather than echoing the implementation.
import { createCipheriv, createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { apiTokenChunk, tParam, zstokv1 } from './signature.ts';

// Ten distinct 8-character chunks, so the test sees which chunk was picked.
const apiToken =
  'Ab3dEf7H' +
  'iJ2kLm9N' +
  'oP4qRs1T' +
  'uV6wXy8Z' +
  'a1B2c3D4' +
  'e5F6g7H8' +
  'Qw3rTy5U' +
  'i9O8p7A6' +
  's5D4f3G2' +
  'h1J0k9L8';
const key = 'zhicai-test-key!';
/** The protocol's test vector. */
const vectorTs = 1790155864346;

function expectedZstokv1(chunk: string, ts: number): string {
  const cipher = createCipheriv('aes-128-ecb', key, null);
  const base64 = cipher.update(chunk, 'utf8', 'base64') + cipher.final('base64');
  return createHash('md5').update(`${ts}${base64}`).digest('hex');
}

describe('tParam (reference/protocol.md)', () => {
  it.each([
    { name: 'the protocol test vector (L = 6)', ts: vectorTs, expected: '17901455864346' },
    { name: 'L = 0 inserts before position 2', ts: 1790155864350, expected: '14790155864350' },
    { name: 'L = 1 inserts before position 1', ts: 1790155864341, expected: '41790155864341' },
    { name: 'L = 9 inserts before position 9', ts: 1790155864349, expected: '17901558464349' },
    { name: 'the taken digit is the 4th from the end', ts: 1700000012345, expected: '17002000012345' },
  ])('$name', ({ ts, expected }) => {
    expect(tParam(ts)).toBe(expected);
  });

  it.each([
    { name: 'a fraction', ts: 1790155864346.5 },
    { name: 'a negative time', ts: -1 },
    { name: 'more than 13 digits', ts: 17901558643460 },
    { name: 'NaN', ts: Number.NaN },
  ])('rejects $name', ({ ts }) => {
    expect(() => tParam(ts)).toThrow(RangeError);
  });
});

describe('apiTokenChunk (reference/protocol.md: chunk ts % 10)', () => {
  it.each([
    { name: 'the test vector picks chunk 6', ts: vectorTs, expected: 'Qw3rTy5U' },
    { name: 'a time ending in 0 picks chunk 0', ts: 1790155864340, expected: 'Ab3dEf7H' },
    { name: 'a time ending in 9 picks chunk 9', ts: 1790155864349, expected: 'h1J0k9L8' },
  ])('$name', ({ ts, expected }) => {
    expect(apiTokenChunk(apiToken, ts)).toBe(expected);
  });

  it('a short token yields an empty chunk instead of throwing', () => {
    expect(apiTokenChunk('', vectorTs)).toBe('');
  });
});

describe('zstokv1 (reference/protocol.md)', () => {
  it.each([
    { name: 'the test vector ts (chunk 6)', ts: vectorTs, chunk: 'Qw3rTy5U' },
    { name: 'a time ending in 0 (chunk 0)', ts: 1790155864340, chunk: 'Ab3dEf7H' },
    { name: 'a time ending in 9 (chunk 9)', ts: 1790155864349, chunk: 'h1J0k9L8' },
  ])('matches AES-128-ECB + MD5 computed by node:crypto for $name', ({ ts, chunk }) => {
    expect(zstokv1(apiToken, ts, key)).toEqual({
      timeStamp: String(ts),
      zstokv1: expectedZstokv1(chunk, ts),
    });
  });

  it('is lowercase hex of 32 characters', () => {
    expect(zstokv1(apiToken, vectorTs, key).zstokv1).toMatch(/^[0-9a-f]{32}$/);
  });

  it('changes with the key', () => {
    expect(zstokv1(apiToken, vectorTs, 'another-16b-key!').zstokv1).not.toBe(
      zstokv1(apiToken, vectorTs, key).zstokv1,
    );
  });

  it.each([
    { name: 'a short key', badKey: 'short' },
    { name: 'a 32-byte key (AES-256 is not the protocol)', badKey: `${key}${key}` },
  ])('rejects $name', ({ badKey }) => {
    expect(() => zstokv1(apiToken, vectorTs, badKey)).toThrow(RangeError);
  });
});
