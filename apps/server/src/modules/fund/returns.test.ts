import { describe, expect, it } from 'vitest';
import { annualise, daysBetween, geometricMean, navPointsOf } from './returns.ts';

const nav = (day: number, unit: number, accum = unit) => ({ day, unit, accum });

describe('fund return rules', () => {
  it('reads NAV rows and ETF bars', () => {
    expect(navPointsOf([[20250303, 1.2, 1.5]], 'nav')).toEqual([nav(20250303, 1.2, 1.5)]);
    expect(navPointsOf([[20250303, 1, 1, 1.1, 0.9, 1.05, 100, 105]], 'day')).toEqual([nav(20250303, 1.05)]);
  });

  it('annualises a tenure return and averages returns geometrically', () => {
    expect(daysBetween(20240101, 20260101)).toBe(731);
    expect(annualise(0.21, 730)).toBeCloseTo(0.1, 3);
    expect(annualise(0.05, 10)).toBeNull();
    expect(geometricMean([0.21, 0])).toBeCloseTo(0.1, 6);
    expect(geometricMean([])).toBeNull();
  });
});
