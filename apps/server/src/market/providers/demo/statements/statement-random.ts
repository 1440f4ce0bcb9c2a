import { hashString, mulberry32, type Random } from '../prng.ts';

/**
 * A stream of randomness per company and purpose (`profile`, `quarter|2024|2`, …), independent of any
 * other draw: asking for the same key again starts the same sequence, so every figure is a pure
 * function of (seed, company, key) and the statements need no particular order of generation.
 */
export type StatementStreams = (key: string) => Random;

export function statementStreams(seed: number, code: string): StatementStreams {
  return (key: string): Random => mulberry32(hashString(`${seed}|statements|${code}|${key}`));
}

export const between = (random: Random, low: number, high: number) => low + random() * (high - low);
export const jitter = (random: Random, spread: number) => 1 + (random() * 2 - 1) * spread;
export const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));
export const sumOf = (values: readonly number[]) => values.reduce((sum, value) => sum + value, 0);

/**
 * A cache by key for the figures several statements and periods share (a year's revenue, a quarter's
 * flows): only a saving, since every figure is a pure function of its key.
 */
export function createMemo(): <T>(key: string, make: () => T) => T {
  const memo = new Map<string, unknown>();
  return <T>(key: string, make: () => T): T => {
    if (!memo.has(key)) memo.set(key, make());
    return memo.get(key) as T;
  };
}
