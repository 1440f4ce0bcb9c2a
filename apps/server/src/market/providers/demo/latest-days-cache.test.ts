import { describe, expect, it } from 'vitest';
import { latestDaysCache } from './latest-days-cache.ts';

describe('latestDaysCache', () => {
  it('keeps every value of a day however many there are (a full universe asks ~10,000 on each beat)', () => {
    const cache = latestDaysCache<{ code: string }>(2);
    const values = Array.from({ length: 12_000 }, (_, i) => ({ code: `C${i}` }));
    for (const value of values) cache.set(20261120, value.code, value);
    // The same objects come back: nothing was dropped and regenerated.
    expect(values.every((value) => cache.get(20261120, value.code) === value)).toBe(true);
  });

  it('drops the oldest day once more days than it keeps are asked for', () => {
    const cache = latestDaysCache<string>(2);
    cache.set(20261119, 'A', 'a19');
    cache.set(20261120, 'A', 'a20');
    expect(cache.get(20261119, 'A')).toBe('a19');
    cache.set(20261123, 'A', 'a23');
    expect(cache.get(20261119, 'A')).toBeUndefined();
    expect(cache.get(20261120, 'A')).toBe('a20');
    expect(cache.get(20261123, 'A')).toBe('a23');
  });
});
