import { fundPeriodReturns } from '@zhicai/domain';
import { describe, expect, it } from 'vitest';
import { starsOfRank } from './fund-conditions.ts';
import { annualVolatility, dailyReturns, maxDrawdown, sharpeRatio } from './fund-metrics.ts';
import { firstRowOf } from './fund-screen.repository.ts';
import { missesBase, rangeEntry, ratingsOf, screenYears } from './fund-screen-table.ts';

/** Five NAVs: up 10%, down 10%, a 0.1 distribution, up again. */
const navs = [
  { day: 20250102, unit: 1.0, accum: 1.0 },
  { day: 20250103, unit: 1.1, accum: 1.1 },
  { day: 20250106, unit: 0.99, accum: 0.99 },
  // A distribution of 0.1 per unit: the unit NAV drops to 0.9, the accumulated NAV stays 0.99.
  { day: 20250107, unit: 0.9, accum: 0.99 },
  { day: 20250108, unit: 0.99, accum: 1.08 },
];

describe('fund risk figures from a NAV series', () => {
  it('daily returns add a distribution back: the payout day is 0%, not a 9% loss', () => {
    const returns = dailyReturns(navs);
    // 1.0→1.1: +10%; 1.1→0.99: −10%; payout day (0.99−0.99)/0.99 = 0; 0.9→0.99 (accum 0.99→1.08): 0.09/0.9 = +10%.
    expect(returns.map((value) => Math.round(value * 1e6) / 1e6)).toEqual([0.1, -0.1, 0, 0.1]);
  });

  it('the maximum drawdown is the fall from the peak to the later trough of the compounded growth', () => {
    // Growth 1.1 → 0.99 (peak 1.1): 1 − 0.99/1.1 = 10%; then 0.99 and 1.089, below the peak still.
    expect(maxDrawdown(dailyReturns(navs))).toBeCloseTo(0.1, 10);
    expect(maxDrawdown([0.05, 0.02])).toBe(0);
    // Two falls: −20% then recovery to a new high, then −30% from it: the deeper one counts.
    expect(maxDrawdown([-0.2, 0.5, -0.3])).toBeCloseTo(0.3, 10);
  });

  it('volatility is the sample deviation of daily returns annualised by √250', () => {
    // Returns 0.1, −0.1, 0, 0.1: mean 0.025, squared deviations 0.005625+0.015625+0.000625+0.005625
    // = 0.0275, over n−1 = 3: 0.0091667; × 250 = 2.2916667; √ = 1.5138.
    expect(annualVolatility(dailyReturns(navs))).toBeCloseTo(Math.sqrt((0.0275 / 3) * 250), 9);
    expect(annualVolatility([0.01])).toBeNull();
  });

  it('the Sharpe ratio is the annualised mean less 1.5% over the annualised volatility', () => {
    // (0.025 × 250 − 0.015) / 1.5138 = 6.235 / 1.51383 = 4.1187.
    const expected = (0.025 * 250 - 0.015) / Math.sqrt((0.0275 / 3) * 250);
    expect(sharpeRatio(dailyReturns(navs))).toBeCloseTo(expected, 9);
    expect(sharpeRatio([0.001, 0.001, 0.001])).toBeNull();
  });

  it('returns are the fund page rule: 成立来 is (1.08 − 1.0) / 1.0 = 8%', () => {
    expect(fundPeriodReturns(navs).sinceInception).toBe(0.08);
  });
});

describe('the fund rating', () => {
  it('splits a peer group 10 / 22.5 / 35 / 22.5 / 10 from five stars down', () => {
    const stars = Array.from({ length: 40 }, (_, rank) => starsOfRank(rank, 40));
    expect(stars.filter((star) => star === 5)).toHaveLength(4);
    expect(stars.filter((star) => star === 4)).toHaveLength(9);
    expect(stars.filter((star) => star === 3)).toHaveLength(14);
    expect(stars.filter((star) => star === 2)).toHaveLength(9);
    expect(stars.filter((star) => star === 1)).toHaveLength(4);
  });

  it('ranks within the category and leaves a fund without a Sharpe ratio unrated', () => {
    const facts = [
      { category: '债券型', sharpe: 2 },
      { category: '股票型', sharpe: 0.1 },
      { category: '债券型', sharpe: null },
      { category: '股票型', sharpe: 0.5 },
    ];
    const ratings = ratingsOf(facts);
    // Alone among rated bond funds: rank 0 of 1 sits at the middle (0.5), three stars.
    expect(ratings).toEqual([3, 2, null, 4]);
  });
});

describe('a range condition in the catalogue', () => {
  it('gives min, max, the count of funds with a value and 20 buckets that count them all', () => {
    const values = Float64Array.from([...Array.from({ length: 100 }, (_, index) => index), Number.NaN]);
    const entry = rangeEntry(
      {
        flag: 'X',
        name: 'x',
        group: 'return',
        kind: 'range',
        unit: '%',
        decimals: 2,
        description: '',
        value: () => null,
      },
      values,
    );
    expect(entry).toMatchObject({ min: 0, max: 99, count: 100 });
    expect(entry.distribution).toHaveLength(20);
    expect(entry.distribution.reduce((sum, bucket) => sum + bucket.count, 0)).toBe(100);
    // The buckets span the 1st to the 99th percentile (0.99 to 98.01); the outer ones take the tails.
    expect(entry.distribution[0]).toMatchObject({ left: 0.99, count: 6 });
    expect(entry.distribution.at(-1)).toMatchObject({ right: 98.01, count: 6 });
  });
});

describe('the NAV years the screen reads', () => {
  const nav = (day: number) => ({ day, unit: 1, accum: 1 });
  // A NAV day of 2026-03-04: 近1年 starts 2025-03-04 and 近3年 2023-03-04.
  const day = 20260304;

  it('are the NAV day’s year, the one before and the third before it (the first year is added)', () => {
    expect(screenYears(day)).toEqual([2023, 2025, 2026]);
  });

  it('hold every base when a NAV lies on or before each period’s start within its year', () => {
    expect(missesBase([nav(20200102), nav(20230301), nav(20230306), nav(20250303), nav(day)], day)).toBe(
      false,
    );
    // Younger than 近3年 (first NAV in 2024): nothing older exists, so none is missing.
    expect(missesBase([nav(20240105), nav(20250303), nav(day)], day)).toBe(false);
    expect(missesBase([], day)).toBe(false);
  });

  it('miss a base in the unread year before when a period starts before its year’s first NAV', () => {
    // On 2026-01-02 近1年 starts 2025-01-02, before 2025's first NAV (01-03): its base is 2024's last.
    expect(missesBase([nav(20200102), nav(20230103), nav(20250103), nav(20260102)], 20260102)).toBe(true);
  });

  it('read only the first NAV of a fund’s first year, and nothing of an empty one', () => {
    expect(firstRowOf('[[20190104,1.0,1.0],[20190107,1.01,1.01]]')).toEqual([[20190104, 1, 1]]);
    expect(firstRowOf('[[20190104,null,null]]')).toEqual([[20190104, null, null]]);
    expect(firstRowOf('[]')).toEqual([]);
  });

  it('miss the figures of a fund whose newest NAV is in an earlier year', () => {
    expect(missesBase([nav(20200102), nav(20231229)], day)).toBe(true);
  });
});
