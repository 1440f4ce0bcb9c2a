import type { RatingChange, ResearchRating } from '@zhicai/contract';
import { ratingMoveThreshold } from './demo-research.ts';

/** What the rating rule reads of a report, generated or served. */
export interface RatedReport {
  institution: string;
  date: string | number;
  rating: ResearchRating;
  ratingChange: RatingChange;
  targetPrice: number | null;
  priceAtDate: number;
}

/**
 * The rating rule, institution by institution: a move of a fifth from the close on which the rating
 * was set moves it one step (上调 up, 下调 down, unless at the end of the scale) and becomes the new
 * base; a smaller move is 维持 and keeps the base. Reports oldest first; returns the breaches.
 */
export function checkRatingPath(reports: readonly RatedReport[]): string[] {
  const problems: string[] = [];
  for (const institution of new Set(reports.map((report) => report.institution))) {
    let base: RatedReport | null = null;
    for (const report of reports.filter((item) => item.institution === institution)) {
      if (report.targetPrice !== null && report.targetPrice <= report.priceAtDate)
        problems.push(`${institution} ${report.date}: target ${report.targetPrice} ≤ ${report.priceAtDate}`);
      if (!base) {
        if (report.ratingChange !== '首次')
          problems.push(`${institution} ${report.date}: first is ${report.ratingChange}`);
        base = report;
        continue;
      }
      const move = report.priceAtDate / base.priceAtDate - 1;
      const expected =
        Math.abs(move) < ratingMoveThreshold || report.rating === base.rating
          ? '维持'
          : move > 0
            ? '上调'
            : '下调';
      if (report.ratingChange !== expected)
        problems.push(`${institution} ${report.date}: move ${move.toFixed(3)} gave ${report.ratingChange}`);
      if (Math.abs(move) >= ratingMoveThreshold) base = report;
    }
  }
  return problems;
}
