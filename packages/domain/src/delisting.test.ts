import { describe, expect, it } from 'vitest';
import { faceValueDelistingDay, hasFaceValueRule } from './delisting.ts';

/** Closes on consecutive numbered days from 1. */
const bars = (closes: readonly (number | null)[]) =>
  closes.map((close, index) => [index + 1, close] as const);
const below = (count: number) => Array.from({ length: count }, () => 0.95);

describe('face-value delisting (面值退市)', () => {
  it('delists on the 20th consecutive close below 1 yuan', () => {
    expect(faceValueDelistingDay(bars([1.2, ...below(20), 0.9]))).toBe(21);
  });

  it('keeps a share that closed below 1 yuan for 19 days', () => {
    expect(faceValueDelistingDay(bars([...below(19), 1.0, ...below(19)]))).toBeNull();
  });

  it('a close at exactly 1 yuan breaks the run', () => {
    expect(faceValueDelistingDay(bars([...below(10), 1, ...below(19)]))).toBeNull();
  });

  it('suspended days neither count nor break the run', () => {
    expect(faceValueDelistingDay(bars([...below(10), null, null, ...below(10)]))).toBe(22);
  });

  it('applies to the Shanghai and Shenzhen boards, not Beijing, Hong Kong or funds', () => {
    for (const board of ['sh', 'sz', 'star', 'chinext'] as const) expect(hasFaceValueRule(board)).toBe(true);
    for (const board of ['bj', 'hk', 'etf', 'lof', 'fund', 'index'] as const)
      expect(hasFaceValueRule(board)).toBe(false);
  });
});
