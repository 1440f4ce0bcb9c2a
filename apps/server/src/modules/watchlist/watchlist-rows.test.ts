import { describe, expect, it } from 'vitest';
import { type SortKey, sortOrder } from './watchlist-rows.ts';

const key = (value: number | string | null, pinned = false): SortKey => ({ pinned, value });

describe('the server-side sort of a list', () => {
  it('puts pinned rows first, then sorts by the figure in either direction', () => {
    const keys = [key(0.01), key(-0.02), key(0.03, true), key(0.05)];
    expect(sortOrder(keys, 'chgPct', 'desc')).toEqual([2, 3, 0, 1]);
    expect(sortOrder(keys, 'chgPct', 'asc')).toEqual([2, 1, 0, 3]);
  });

  it('puts rows without the figure last in both directions and keeps the user’s order on ties', () => {
    const keys = [key(null), key(1), key(null), key(1), key(2)];
    expect(sortOrder(keys, 'pe', 'desc')).toEqual([4, 1, 3, 0, 2]);
    expect(sortOrder(keys, 'pe', 'asc')).toEqual([1, 3, 4, 0, 2]);
  });

  it('keeps the user’s order for default, pins still first', () => {
    expect(sortOrder([key(null), key(null, true), key(null)], 'default', 'desc')).toEqual([1, 0, 2]);
  });

  it('sorts names in Chinese order (by pinyin)', () => {
    const keys = [key('中国平安'), key('贵州茅台'), key('比亚迪')];
    expect(sortOrder(keys, 'name', 'asc')).toEqual([2, 1, 0]);
    expect(sortOrder(keys, 'name', 'desc')).toEqual([0, 1, 2]);
  });
});
