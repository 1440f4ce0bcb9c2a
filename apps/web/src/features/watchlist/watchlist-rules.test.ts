import { describe, expect, it } from 'vitest';
import { rowOf } from './testing/watchlist-fixtures.ts';
import { defaultSort, moved, nextSort, prevCloseOf, rowAfterTick } from './watchlist-rules.ts';

describe('nextSort', () => {
  it('sorts a newly tapped column high to low, then low to high, then back to the user order', () => {
    const first = nextSort(defaultSort, 'chgPct');
    expect(first).toEqual({ column: 'chgPct', direction: 'desc' });
    const second = nextSort(first, 'chgPct');
    expect(second).toEqual({ column: 'chgPct', direction: 'asc' });
    expect(nextSort(second, 'chgPct')).toEqual(defaultSort);
    expect(nextSort(second, 'amount')).toEqual({ column: 'amount', direction: 'desc' });
  });
});

describe('rowAfterTick', () => {
  const row = rowOf('600519.SH', {
    price: 100,
    chg: 2,
    chgPct: 0.020408,
    marketCap: 1e11,
    pe: 20,
    chg5d: 0.1,
    addedPrice: 80,
    holding: { shares: 100, cost: 90 },
  });

  it('takes the day change from the close the row implies', () => {
    expect(prevCloseOf(row)).toBe(98);
    const next = rowAfterTick(row, ['600519.SH', 101, 99, 102, 98, 1000, 5e6], 1_700_000_003_000);
    expect(next.price).toBe(101);
    expect(next.chg).toBe(3);
    expect(next.chgPct).toBeCloseTo(3 / 98, 10);
    expect(next.amount).toBe(5e6);
    expect(next.time).toBe(1_700_000_003_000);
  });

  it('leaves a fresh row as it is when a tick moves neither its price nor its amount', () => {
    const fresh = { ...row, amount: 5e6, stale: false };
    expect(rowAfterTick(fresh, ['600519.SH', 100, 99, 102, 98, 1000, 5e6], 2)).toBe(fresh);
    expect(rowAfterTick({ ...fresh, stale: true }, ['600519.SH', 100, 99, 102, 98, 1000, 5e6], 2).stale).toBe(
      false,
    );
  });

  it('moves market value, PE and period changes with the price, and the since-added return and holding P&L from their base', () => {
    const next = rowAfterTick(row, ['600519.SH', 110, 99, 110, 98, 1000, 5e6], 1);
    expect(next.marketCap).toBeCloseTo(1.1e11, 0);
    expect(next.pe).toBeCloseTo(22, 10);
    // 1.1 × 1.1 − 1: the price five days ago is fixed.
    expect(next.chg5d).toBeCloseTo(0.21, 10);
    expect(next.sinceAdded).toBeCloseTo(110 / 80 - 1, 10);
    expect(next.holdingProfit).toBeCloseTo(2000, 10);
    expect(next.holdingProfitPct).toBeCloseTo(110 / 90 - 1, 10);
  });

  it('clears the stale mark once the row moves', () => {
    expect(rowAfterTick({ ...row, stale: true }, ['600519.SH', 100, 99, 101, 98, 1, 1], 1).stale).toBe(false);
  });

  it('leaves the change missing without a price to imply a close', () => {
    const next = rowAfterTick({ ...row, price: null, chg: null }, ['600519.SH', 100, 99, 101, 98, 1, 1], 1);
    expect(next.chg).toBeNull();
    expect(next.chgPct).toBeNull();
  });
});

describe('moved', () => {
  it('moves one entry and shifts the ones between', () => {
    expect(moved(['a', 'b', 'c', 'd'], 3, 0)).toEqual(['d', 'a', 'b', 'c']);
    expect(moved(['a', 'b', 'c', 'd'], 0, 2)).toEqual(['b', 'c', 'a', 'd']);
    expect(moved(['a', 'b'], 1, 9)).toEqual(['a', 'b']);
  });
});
