import type { CompanyProfile } from './company-profile.ts';
import { quarterOf, yearOf } from './statement-periods.ts';
import { createMemo, jitter, sumOf } from './statement-random.ts';

/** How big the company is over time: revenue by year and quarter, equity by year end and period end. */
export interface CompanyScale {
  /** Annual revenue level of a year (yuan), growing from the anchor year both ways. */
  annualRevenue(year: number): number;
  /** Year-end equity, moving with the business but more slowly. */
  yearEndEquity(year: number): number;
  /** One quarter's revenue: the year's, split by the industry's seasons. */
  quarterRevenue(year: number, quarter: number): number;
  /** Equity at a period end: between the year ends around it. */
  equityAt(period: number): number;
}

export function companyScale(profile: CompanyProfile): CompanyScale {
  const { stream, anchorYear, anchorRevenue, anchorEquity, trendGrowth, traits } = profile;
  const memoised = createMemo();

  function annualRevenue(year: number): number {
    return memoised(`revenue|${year}`, () => {
      if (year === anchorYear) return Math.abs(anchorRevenue);
      const growth = (y: number) => Math.max(-0.35, trendGrowth + (stream(`growth|${y}`)() * 2 - 1) * 0.12);
      return year > anchorYear
        ? annualRevenue(year - 1) * (1 + growth(year))
        : annualRevenue(year + 1) / (1 + growth(year + 1));
    });
  }

  function yearEndEquity(year: number): number {
    return memoised(`equity|${year}`, () => {
      if (year === anchorYear) return anchorEquity;
      const growth = (y: number) =>
        0.03 + 0.6 * (annualRevenue(y) / annualRevenue(y - 1) - 1) + (stream(`equity|${y}`)() - 0.5) * 0.04;
      return year > anchorYear
        ? yearEndEquity(year - 1) * (1 + growth(year))
        : yearEndEquity(year + 1) / (1 + growth(year + 1));
    });
  }

  function quarterRevenue(year: number, quarter: number): number {
    const random = stream(`season|${year}`);
    const weights = traits.season.map((weight) => weight * jitter(random, 0.08));
    return (annualRevenue(year) * (weights[quarter - 1] ?? 0.25)) / sumOf(weights);
  }

  function equityAt(period: number): number {
    const year = yearOf(period);
    const quarter = quarterOf(period);
    const start = yearEndEquity(year - 1);
    const end = yearEndEquity(year);
    if (quarter === 4) return end;
    return start + (end - start) * (quarter / 4) * jitter(stream(`equity-at|${period}`), 0.2);
  }

  return { annualRevenue, yearEndEquity, quarterRevenue, equityAt };
}
