import { tradingDaysBetween } from '@zhicai/domain';
import { describe, expect, it } from 'vitest';
import { priceProfile } from './demo-profiles.ts';
import { generateDemoCatalogue } from './instrument-catalogue.ts';
import { lofBars, lofPremium, lofPremiums, maxLofPremium } from './lof-listings.ts';

const days = tradingDaysBetween('cn', 20210104, 20261120);
const premiums = days.map((day) => lofPremium(1, '161725.SZ', day));

describe('LOF premium', () => {
  it('stays within ±1.5% of the NAV and is mostly small', () => {
    for (const premium of premiums) expect(Math.abs(premium)).toBeLessThan(maxLofPremium);
    const meanAbs = premiums.reduce((sum, premium) => sum + Math.abs(premium), 0) / premiums.length;
    expect(meanAbs).toBeGreaterThan(0.001);
    expect(meanAbs).toBeLessThan(0.008);
  });

  it('persists from day to day but reverts within weeks', () => {
    const correlation = (lag: number) => {
      const a = premiums.slice(0, -lag);
      const b = premiums.slice(lag);
      const mean = (list: number[]) => list.reduce((sum, value) => sum + value, 0) / list.length;
      const [ma, mb] = [mean(a), mean(b)];
      let cov = 0;
      let va = 0;
      let vb = 0;
      for (let i = 0; i < a.length; i += 1) {
        cov += ((a[i] ?? 0) - ma) * ((b[i] ?? 0) - mb);
        va += ((a[i] ?? 0) - ma) ** 2;
        vb += ((b[i] ?? 0) - mb) ** 2;
      }
      return cov / Math.sqrt(va * vb);
    };
    expect(correlation(1)).toBeGreaterThan(0.5);
    expect(Math.abs(correlation(30))).toBeLessThan(0.2);
  });

  it('is a pure function of seed, code and day', () => {
    expect(days.map((day) => lofPremium(1, '161725.SZ', day))).toEqual(premiums);
    expect(lofPremium(2, '161725.SZ', 20261120)).not.toBe(lofPremium(1, '161725.SZ', 20261120));
  });

  it('is the same drawn for a whole history at once as for each day alone', () => {
    // A listing's history is drawn in one pass (lofBars); the live day asks for its one day.
    expect([...lofPremiums(1, '161725.SZ', days)]).toEqual(premiums);
    const sparse = days.filter((_, i) => i % 7 === 3);
    expect([...lofPremiums(1, '161725.SZ', sparse)]).toEqual(
      sparse.map((day) => lofPremium(1, '161725.SZ', day)),
    );
  });
});

describe('LOF listing bars', () => {
  const listing = generateDemoCatalogue().instruments.find((item) => item.code === '161725.SZ');
  if (!listing) throw new Error('no 161725.SZ in the catalogue');
  const profile = priceProfile(1, listing);
  const navRows = days.map((day, index): [number, number, number] => {
    const nav = Number((1.2 * (1 + 0.3 * Math.sin(index / 40))).toFixed(4));
    return [day, nav, nav + 0.5];
  });

  it('closes each day at NAV × (1 + premium), in 0.001 steps, chained from the previous close', () => {
    const { rows, lastClose } = lofBars(1, profile, navRows, 1.2);
    expect(rows).toHaveLength(days.length);
    expect(rows[0]?.[1]).toBe(1.2);
    for (const [index, [day, prevClose, open, high, low, close]] of rows.entries()) {
      const nav = navRows[index]?.[1] ?? 1;
      expect(close).toBeCloseTo(nav * (1 + lofPremium(1, '161725.SZ', day)), 3);
      expect(Math.round((close ?? 0) * 1000) / 1000).toBe(close);
      expect(high).toBeGreaterThanOrEqual(Math.max(open ?? 0, close ?? 0));
      expect(low).toBeLessThanOrEqual(Math.min(open ?? Infinity, close ?? Infinity));
      if (index > 0) expect(prevClose).toBe(rows[index - 1]?.[5]);
    }
    expect(lastClose).toBe(rows.at(-1)?.[5]);
  });

  it('holds the close to the ±10% limit when the NAV jumps further', () => {
    const [row] = lofBars(1, profile, [[20261120, 2, 2.5]], 1).rows;
    expect(row?.[5]).toBe(1.1);
  });

  it('goes ex-dividend with its fund: a payout lowers the previous close and steps the factor (166371.SZ)', () => {
    // The fund pays 0.5 per unit on 11-20: unit NAV 2.0 → 1.5, accumulated NAV unchanged.
    const before: [number, number, number] = [20261119, 2, 2.5];
    const { rows, factorSteps } = lofBars(1, profile, [[20261120, 1.5, 2.5]], 2, before);
    const [row] = rows;
    expect(row?.[1]).toBe(1.5);
    expect(row?.[5]).toBeCloseTo(1.5 * (1 + lofPremium(1, '161725.SZ', 20261120)), 3);
    expect(factorSteps).toEqual([[20261120, 2 / 1.5]]);
  });
});
