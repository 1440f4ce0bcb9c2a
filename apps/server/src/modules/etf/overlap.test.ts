import { describe, expect, it } from 'vitest';
import { etfTheme, holdingsOverlap } from './overlap.ts';

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

  it('takes the theme word before ETF', () => {
    expect(etfTheme('沪深300ETF')).toBe('沪深300');
    expect(etfTheme('红利ETF华夏')).toBe('红利');
    expect(etfTheme('黄金')).toBe('');
  });
});
