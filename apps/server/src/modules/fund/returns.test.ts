import { describe, expect, it } from 'vitest';
import {
  annualise,
  daysBetween,
  geometricMean,
  monthsBefore,
  navOnOrBefore,
  navPointsOf,
  periodReturn,
  periodReturns,
} from './returns.ts';

const nav = (day: number, unit: number, accum = unit) => ({ day, unit, accum });

describe('fund return rules', () => {
  it('reads NAV rows and ETF bars', () => {
    expect(navPointsOf([[20250303, 1.2, 1.5]], 'nav')).toEqual([nav(20250303, 1.2, 1.5)]);
    expect(navPointsOf([[20250303, 1, 1, 1.1, 0.9, 1.05, 100, 105]], 'day')).toEqual([nav(20250303, 1.05)]);
  });

  it('counts a distribution as return, not as a loss', () => {
    // Unit NAV 1.0 → 0.9 after paying 0.2 per unit: accumulated NAV 1.0 → 1.1, a 10% gain.
    expect(periodReturn(nav(20250101, 1, 1), nav(20251231, 0.9, 1.1))).toBeCloseTo(0.1);
  });

  it('shifts by calendar months, clamping to the month end', () => {
    expect(monthsBefore(20250331, 1)).toBe(20250228);
    expect(monthsBefore(20240331, 1)).toBe(20240229);
    expect(monthsBefore(20250115, 1)).toBe(20241215);
    expect(monthsBefore(20250315, 36)).toBe(20220315);
  });

  it('measures each period from the NAV on or before its start, null when the fund is younger', () => {
    const points = [nav(20240102, 1), nav(20241231, 1.2), nav(20250203, 1.25), nav(20250303, 1.5)];
    expect(navOnOrBefore(points, 20250228)?.day).toBe(20250203);
    const returns = periodReturns(points);
    expect(returns.m1).toBeCloseTo(0.2); // from 1.25 on 02-03
    expect(returns.ytd).toBeCloseTo(0.25); // from 1.2 on 2024-12-31
    expect(returns.y1).toBeCloseTo(0.5); // from 1.0 on 2024-01-02
    expect(returns.y3).toBeNull();
    expect(returns.sinceInception).toBeCloseTo(0.5);
  });

  it('annualises a tenure return and averages returns geometrically', () => {
    expect(daysBetween(20240101, 20260101)).toBe(731);
    expect(annualise(0.21, 730)).toBeCloseTo(0.1, 3);
    expect(annualise(0.05, 10)).toBeNull();
    expect(geometricMean([0.21, 0])).toBeCloseTo(0.1, 6);
    expect(geometricMean([])).toBeNull();
  });
});
