/**
 * Seeded randomness for the demo provider. The demo market must be identical on every machine and
 * every start for a given seed, so nothing here touches Math.random.
 */

/** A generator of floats in [0, 1). */
export type Random = () => number;

/** mulberry32: a tiny 32-bit PRNG, good enough for plausible demo data and fully reproducible. */
export function mulberry32(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    return mulberry32Step(state);
  };
}

/** mulberry32's output for the state it has just advanced to. */
export function mulberry32Step(state: number): number {
  let t = state;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}

/**
 * FNV-1a hash of a string to 32 bits. Fields of well-known instruments are derived from a hash of their
 * code rather than from the catalogue seed, so changing the seed never changes a real instrument.
 */
export function hashString(text: string): number {
  return hashMore(0x811c9dc5, text);
}

/**
 * FNV-1a continued from the hash of a prefix: hashMore(hashString(a), b) === hashString(a + b).
 * A key hashed for every day of a series (`seed|day|code|` + day) hashes its fixed part once.
 */
export function hashMore(prefixHash: number, text: string): number {
  let hash = prefixHash;
  for (let i = 0; i < text.length; i += 1) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** hashMore for a non-negative integer's decimal digits, without building the string. */
export function hashMoreDigits(prefixHash: number, value: number): number {
  let divisor = 1;
  while (divisor * 10 <= value) divisor *= 10;
  let hash = prefixHash;
  for (; divisor >= 1; divisor /= 10) {
    hash ^= 48 + (Math.floor(value / divisor) % 10);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

// Per purpose, seed and code: the hash of `seed|purpose|code|`, the fixed part of a per-day key.
const prefixHashes = new Map<string, Map<number, Map<string, number>>>();

/**
 * hashString(`${seed}|${purpose}|${code}|${n}`) for a non-negative integer n (a day), with the
 * fixed part hashed once: generating the full market asks this tens of millions of times.
 */
export function dayKeyHash(seed: number, purpose: string, code: string, n: number): number {
  let bySeed = prefixHashes.get(purpose);
  if (!bySeed) {
    bySeed = new Map();
    prefixHashes.set(purpose, bySeed);
  }
  let byCode = bySeed.get(seed);
  if (!byCode) {
    byCode = new Map();
    bySeed.set(seed, byCode);
  }
  let prefix = byCode.get(code);
  if (prefix === undefined) {
    prefix = hashString(`${seed}|${purpose}|${code}|`);
    byCode.set(code, prefix);
  }
  return hashMoreDigits(prefix, n);
}

/** An integer in [min, max], both inclusive. */
export function randomInt(random: Random, min: number, max: number): number {
  return min + Math.floor(random() * (max - min + 1));
}

/** One element of a non-empty list. */
export function pick<T>(random: Random, items: readonly T[]): T {
  const item = items[Math.floor(random() * items.length)];
  if (item === undefined) throw new Error('pick from an empty list');
  return item;
}
