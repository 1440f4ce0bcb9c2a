import { describe, expect, it } from 'vitest';
import { scheduledDays, simulatePlan } from './regular-investment.ts';

const nav = (day: number, unit: number, accum = unit) => ({ day, unit, accum });

describe('定投 arithmetic', () => {
  it('buys on the next NAV day when a scheduled day is not one, and values at the last NAV (hand-computed)', () => {
    // Weekly from Tuesday 2 Jan 2024: scheduled 2, 9 and 16 Jan. The 9th has no NAV (taken here as a
    // holiday), so that week buys on the 10th.
    const navs = [
      nav(20240102, 1.0),
      nav(20240103, 1.1),
      nav(20240108, 0.9),
      nav(20240110, 1.2),
      nav(20240116, 1.25),
      nav(20240117, 2.0),
    ];
    const plan = simulatePlan({
      navs,
      start: 20240102,
      end: 20240116,
      amount: 100,
      frequency: 'weekly',
      feeRate: 0.01,
    });
    // Fee 100 − 100 ÷ 1.01 = 0.990099… → 0.99; net 99.01 each time.
    // Units: 99.01 ÷ 1.00 = 99.01; 99.01 ÷ 1.20 = 82.5083… → 82.51; 99.01 ÷ 1.25 = 79.208 → 79.21.
    expect(plan?.purchases).toEqual([
      { day: 20240102, nav: 1.0, amount: 100, fee: 0.99, shares: 99.01 },
      { day: 20240110, nav: 1.2, amount: 100, fee: 0.99, shares: 82.51 },
      { day: 20240116, nav: 1.25, amount: 100, fee: 0.99, shares: 79.21 },
    ]);
    // 260.73 units × 1.25 = 325.9125 → 325.91; the NAV of the 17th is after the end and not used.
    expect(plan).toMatchObject({
      firstDay: 20240102,
      lastDay: 20240116,
      invested: 300,
      fees: 2.97,
      shares: 260.73,
      finalNav: 1.25,
      value: 325.91,
      profit: 25.91,
      profitRate: 0.086367,
    });
    // The line: invested so far against the value on each NAV day (181.52 units × 1.20 = 217.824 → 217.82).
    expect(plan?.series).toEqual([
      [20240102, 100, 99.01],
      [20240103, 100, 108.91],
      [20240108, 100, 89.11],
      [20240110, 200, 217.82],
      [20240116, 300, 325.91],
    ]);
  });

  it('reinvests a distribution at the ex-day unit NAV', () => {
    // On the 3rd the fund pays 0.10 a unit: the unit NAV drops, the accumulated NAV does not.
    const navs = [nav(20240102, 1.0, 1.0), nav(20240103, 0.95, 1.05), nav(20240104, 0.95, 1.05)];
    const plan = simulatePlan({
      navs,
      start: 20240102,
      end: 20240104,
      amount: 100,
      frequency: 'monthly',
      feeRate: 0,
    });
    // 100 units; 100 × 0.10 ÷ 0.95 = 10.526… → 10.53 more; 110.53 × 0.95 = 105.0035 → 105.
    expect(plan).toMatchObject({ shares: 110.53, value: 105, profit: 5, profitRate: 0.05 });
  });

  it('schedules the month end on short months and the 14-day step', () => {
    expect(scheduledDays(20240131, 20240430, 'monthly')).toEqual([20240131, 20240229, 20240331, 20240430]);
    expect(scheduledDays(20241220, 20250120, 'biweekly')).toEqual([20241220, 20250103, 20250117]);
  });

  it('buys nothing before the first NAV or after the end, and answers null without a purchase', () => {
    const navs = [nav(20240110, 1), nav(20240111, 1)];
    const plan = simulatePlan({
      navs,
      start: 20240103,
      end: 20240111,
      amount: 100,
      frequency: 'weekly',
      feeRate: 0,
    });
    // The 3rd is before the fund's first NAV; the 10th buys.
    expect(plan?.purchases.map((purchase) => purchase.day)).toEqual([20240110]);
    expect(
      simulatePlan({ navs, start: 20240112, end: 20240120, amount: 100, frequency: 'weekly', feeRate: 0 }),
    ).toBeNull();
  });
});
