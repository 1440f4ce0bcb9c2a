import { describe, expect, it } from 'vitest';
import {
  type FundNav,
  fundPeriodReturns,
  monthsBefore,
  navOnOrBefore,
  navRangePeriods,
  periodBase,
  periodNavs,
  periodReturn,
  periodStartDay,
} from './fund-returns.ts';

const nav = (day: number, unit: number, accum = unit): FundNav => ({ day, unit, accum });

describe('fund returns from one NAV series', () => {
  it('counts a distribution as return, not as a loss', () => {
    // Unit NAV 1.0 → 0.9 after paying 0.2 per unit: accumulated NAV 1.0 → 1.1, a 10% gain.
    expect(periodReturn(nav(20250101, 1, 1), nav(20251231, 0.9, 1.1))).toBeCloseTo(0.1);
  });

  it('makes 成立来 the accumulated NAV less one for a fund issued at par', () => {
    const navs = [nav(20180905, 1), nav(20190905, 1.4, 1.5), nav(20251125, 2.1524, 3.1524)];
    expect(fundPeriodReturns(navs).sinceInception).toBeCloseTo(3.1524 - 1, 6);
  });

  it('shifts by calendar months, clamping to the month end, and a week by seven days', () => {
    expect(monthsBefore(20250331, 1)).toBe(20250228);
    expect(monthsBefore(20240331, 1)).toBe(20240229);
    expect(monthsBefore(20250115, 1)).toBe(20241215);
    expect(monthsBefore(20250315, 36)).toBe(20220315);
    expect(periodStartDay('w1', 20250303)).toBe(20250224);
    expect(periodStartDay('ytd', 20250303)).toBe(20241231);
  });

  it('measures each period from the NAV on or before its start, null when the fund is younger', () => {
    const navs = [nav(20240102, 1), nav(20241231, 1.2), nav(20250203, 1.25), nav(20250303, 1.5)];
    expect(navOnOrBefore(navs, 20250228)?.day).toBe(20250203);
    const returns = fundPeriodReturns(navs);
    expect(returns.m1).toBeCloseTo(0.2); // from 1.25 on 02-03
    expect(returns.ytd).toBeCloseTo(0.25); // from 1.2 on 2024-12-31
    expect(returns.y1).toBeCloseTo(0.5); // from 1.0 on 2024-01-02
    expect(returns.y3).toBeNull();
    expect(returns.sinceInception).toBeCloseTo(0.5);
  });

  it("starts each chart range at its period's base, so the line ends on the grid's figure", () => {
    // Today's bug: the chart began at the first NAV after the range start, the grid at the NAV on
    // or before it, so 6月 read +0.04% on one and −0.36% on the other.
    const navs: FundNav[] = [];
    let unit = 1;
    let paid = 0;
    for (let day = 20200101; navs.length < 2000; day += 1) {
      if (day % 100 > 28 || day % 10000 > 1228) continue;
      unit *= 1 + Math.sin(navs.length) * 0.01;
      if (navs.length % 250 === 100) {
        paid += 0.05;
        unit -= 0.05;
      }
      navs.push(nav(day, Number(unit.toFixed(4)), Number((unit + paid).toFixed(4))));
    }
    const returns = fundPeriodReturns(navs);
    for (const [range, period] of Object.entries(navRangePeriods)) {
      const shown = periodNavs(navs, period);
      const first = shown[0];
      const last = shown.at(-1);
      if (!first || !last) throw new Error(`no NAVs for ${range}`);
      expect(first, range).toBe(periodBase(navs, period) ?? navs[0]);
      const chartEnd = Math.round(periodReturn(first, last) * 1e6) / 1e6;
      if (returns[period] !== null) expect(chartEnd, range).toBe(returns[period]);
    }
  });

  it('draws a range longer than the fund from inception', () => {
    const navs = [nav(20250102, 1), nav(20250103, 1.01)];
    expect(fundPeriodReturns(navs).y3).toBeNull();
    expect(periodNavs(navs, 'y3')).toEqual(navs);
  });
});
