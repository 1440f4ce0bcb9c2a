import { describe, expect, it } from 'vitest';
import { holdingsOverlap } from './overlap.ts';

describe('ETF similarity', () => {
  it('sums the smaller weight of each shared stock', () => {
    const a = new Map([
      ['600519.SH', 0.1],
      ['000858.SZ', 0.05],
      ['300750.SZ', 0.2],
    ]);
    const b = new Map([
      ['600519.SH', 0.04],
      ['300750.SZ', 0.3],
      ['601318.SH', 0.5],
    ]);
    expect(holdingsOverlap(a, b)).toBeCloseTo(0.24);
    expect(holdingsOverlap(a, new Map())).toBe(0);
  });
});
