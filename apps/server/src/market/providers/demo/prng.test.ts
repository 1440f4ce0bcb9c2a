import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dayKeyHash, hashMore, hashString, mulberry32, randomInt } from './prng.ts';

describe('mulberry32', () => {
  it('repeats the same sequence for the same seed', () => {
    const a = mulberry32(7);
    const b = mulberry32(7);
    expect(Array.from({ length: 5 }, a)).toEqual(Array.from({ length: 5 }, b));
  });

  it('gives different sequences for different seeds, always in [0, 1)', () => {
    const a = Array.from({ length: 100 }, mulberry32(1));
    const b = Array.from({ length: 100 }, mulberry32(2));
    expect(a).not.toEqual(b);
    for (const value of [...a, ...b]) {
      expect(value).toBeGreaterThanOrEqual(0);
      expect(value).toBeLessThan(1);
    }
  });

  it('draws integers within both bounds', () => {
    const random = mulberry32(3);
    const values = new Set(Array.from({ length: 500 }, () => randomInt(random, 1, 3)));
    expect([...values].sort()).toEqual([1, 2, 3]);
  });
});

describe('hashString', () => {
  it('is stable and spreads nearby codes apart', () => {
    expect(hashString('600519.SH')).toBe(hashString('600519.SH'));
    expect(hashString('600519.SH')).not.toBe(hashString('600518.SH'));
  });
});

describe('hashing a key in parts', () => {
  it('gives the hash of the whole key, so series generated with the shortcut are the same series', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2 ** 31 }),
        fc.constantFrom('day', 'nav', 'suspend'),
        fc.string(),
        fc.integer({ min: 0, max: 99_991_231 }),
        (seed, purpose, code, day) => {
          expect(dayKeyHash(seed, purpose, code, day)).toBe(hashString(`${seed}|${purpose}|${code}|${day}`));
          expect(hashMore(hashString(code), String(day))).toBe(hashString(`${code}${day}`));
        },
      ),
    );
  });
});
