/**
 * The request signature of reference/protocol.md "API-lock token and request signature":
 * the `t` query parameter of /api/v4/ calls and the `timeStamp` + `zstokv1` headers of /v3/ calls
 * (spec 1 §7). Client and server share this code so they cannot drift apart.
 */
import AES from 'crypto-js/aes';
import Base64 from 'crypto-js/enc-base64';
import Hex from 'crypto-js/enc-hex';
import Utf8 from 'crypto-js/enc-utf8';
import MD5 from 'crypto-js/md5';
import ECB from 'crypto-js/mode-ecb';
import Pkcs7 from 'crypto-js/pad-pkcs7';

/** Characters per chunk of the API-lock token (80 characters = ten chunks). */
const chunkLength = 8;

// Epoch milliseconds have 13 digits until the year 2286; anything else is a caller's mistake.
function assertTimestamp(ts: number): void {
  if (!Number.isSafeInteger(ts) || ts < 0 || ts >= 1e13) {
    throw new RangeError(`The signature time must be epoch milliseconds (13 digits), got ${ts}`);
  }
}

/**
 * The `t` parameter (reference/protocol.md): write ts as 13 digits; take the digit 4th from the end;
 * let L be the last digit; insert the taken digit before 1-based position L (position 2 when L is 0).
 * Nothing is replaced, so the result has 14 digits: 1790155864346 → '17901455864346'.
 * Throws a RangeError for a value that is not a non-negative integer of at most 13 digits (as do
 * the other two functions here).
 */
export function tParam(ts: number): string {
  assertTimestamp(ts);
  const digits = String(ts).padStart(13, '0');
  const taken = digits.charAt(digits.length - 4);
  const last = Number(digits.charAt(digits.length - 1));
  const position = last === 0 ? 2 : last;
  return `${digits.slice(0, position - 1)}${taken}${digits.slice(position - 1)}`;
}

/**
 * The 8-character chunk of the API-lock token that a time selects: chunk number ts % 10.
 * A token shorter than 80 characters yields a short or empty chunk rather than an error, so a
 * missing token produces a signature the server rejects instead of a crash in the client.
 */
export function apiTokenChunk(apiToken: string, ts: number): string {
  assertTimestamp(ts);
  const index = ts % 10;
  return apiToken.slice(index * chunkLength, (index + 1) * chunkLength);
}

/** The two signature headers, named as they go on the wire. */
export interface SignatureHeaders {
  /** ts as a decimal string. */
  timeStamp: string;
  /** Lowercase hex MD5 of timeStamp + Base64(AES-128-ECB(chunk)). */
  zstokv1: string;
}

/**
 * The `timeStamp` and `zstokv1` headers (reference/protocol.md): encrypt chunk ts % 10 of the
 * API-lock token with AES-128-ECB and PKCS#7 padding under the 16-byte key (parsed as UTF-8 bytes,
 * not as a passphrase), Base64 it, then MD5 the decimal ts followed by that Base64 text.
 * Returns both headers together because the server checks zstokv1 against the very same timeStamp.
 * Throws a RangeError when the key is not exactly 16 bytes, since crypto-js would otherwise silently
 * switch to AES-192/256 or a malformed key and no server would accept the result.
 */
export function zstokv1(apiToken: string, ts: number, key: string): SignatureHeaders {
  const keyBytes = Utf8.parse(key);
  if (keyBytes.sigBytes !== 16) {
    throw new RangeError(`The API-lock key must be 16 bytes, got ${keyBytes.sigBytes}`);
  }
  assertTimestamp(ts);
  const timeStamp = String(ts);
  const encrypted = AES.encrypt(Utf8.parse(apiTokenChunk(apiToken, ts)), keyBytes, {
    mode: ECB,
    padding: Pkcs7,
  });
  const base64 = encrypted.ciphertext.toString(Base64);
  return { timeStamp, zstokv1: MD5(timeStamp + base64).toString(Hex) };
}
