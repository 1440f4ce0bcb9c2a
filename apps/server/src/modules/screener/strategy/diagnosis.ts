import { formatAmount, formatPercent } from '@zhicai/domain';

/**
 * The stock diagnosis (个股诊断, `details/vipData`, issue 18 item 6): three scores from 0 to 10 and
 * the highlights and risks behind them, each naming the figure it reads. Pure: the figures are
 * gathered from the statements and prices in the database by diagnosis.service.ts. The rules are
 * written out in docs/stock-diagnosis.md; every rule has its named test in diagnosis.test.ts. The
 * screener's 评分 conditions (SCORE_COMPANY, SCORE_TREND, SCORE_VALUE) use `diagnosisScores`.
 */

/** Fractions (0.235 = 23.5%) and prices; null where the figure does not exist. */
export interface DiagnosisFigures {
  /** TTM revenue against the TTM four quarters earlier, − 1. */
  revenueYoy: number | null;
  /** TTM net profit against the TTM four quarters earlier, − 1; null when that base is not positive. */
  profitYoy: number | null;
  /** TTM net profit in yuan. */
  netProfit: number | null;
  grossMargin: number | null;
  /** TTM net profit ÷ TTM revenue. */
  netMargin: number | null;
  /** TTM net profit ÷ equity (as 同行业对比 computes it). */
  roe: number | null;
  /** Total liabilities ÷ total assets of the latest balance sheet. */
  debtRatio: number | null;
  /** Banks and insurers: margins and debt ratios do not read as for other companies. */
  isFinance: boolean;
  /** Trailing PE; null for a loss-maker. */
  pe: number | null;
  /** Where today's PE sits among the last 5 years' (0–100), as stockBaseInfo's indexGZPer. */
  pePercentile: number | null;
  price: number | null;
  ma20: number | null;
  ma60: number | null;
  ma250: number | null;
  /** Change of the close over the last 60 trading days. */
  return60: number | null;
}

export interface DiagnosisScores {
  scoreCompany: number;
  scoreTrend: number;
  scoreValue: number;
}

export interface Comment {
  tag: string;
  value: string;
}

/** A score with nothing to read: neither good nor bad. */
const NO_EVIDENCE = 5;

function round1(value: number): number {
  return Math.round(value * 10) / 10;
}

/** 0 at `zeroAt`, 10 at `tenAt`, linear between and clamped outside (either direction). */
export function linearScore(value: number, zeroAt: number, tenAt: number): number {
  const score = ((value - zeroAt) / (tenAt - zeroAt)) * 10;
  return Math.min(10, Math.max(0, score));
}

function mean(values: readonly number[]): number | null {
  return values.length === 0 ? null : values.reduce((sum, value) => sum + value, 0) / values.length;
}

function present(...values: (number | null)[]): number[] {
  return values.filter((value): value is number => value !== null);
}

/**
 * 公司质地: the mean of ROE (0 at 0%, 10 at 20%), gross margin (0 at 0%, 10 at 50%), revenue and
 * profit growth (0 at −20%, 10 at +30%) and the debt ratio (10 at 30%, 0 at 90%); margins and debt
 * are left out for financial companies. A figure that is missing is left out of the mean.
 */
export function companyScore(figures: DiagnosisFigures): number {
  const { roe, grossMargin, revenueYoy, profitYoy, debtRatio, isFinance } = figures;
  const parts = present(
    roe === null ? null : linearScore(roe, 0, 0.2),
    grossMargin === null || isFinance ? null : linearScore(grossMargin, 0, 0.5),
    revenueYoy === null ? null : linearScore(revenueYoy, -0.2, 0.3),
    profitYoy === null ? null : linearScore(profitYoy, -0.2, 0.3),
    debtRatio === null || isFinance ? null : linearScore(debtRatio, 0.9, 0.3),
  );
  return round1(mean(parts) ?? NO_EVIDENCE);
}

/**
 * 估值: the PE percentile read upside down ((100 − p) ÷ 10), averaged with the PEG (PE ÷ profit
 * growth in %: 10 at 0.5, 0 at 2) when profit grows. A loss-maker (no PE, net profit ≤ 0) scores 0.
 */
export function valueScore(figures: DiagnosisFigures): number {
  const { pe, pePercentile, profitYoy, netProfit } = figures;
  if (pe === null && netProfit !== null && netProfit <= 0) return 0;
  const parts = present(
    pePercentile === null ? null : (100 - pePercentile) / 10,
    pe !== null && profitYoy !== null && profitYoy > 0 ? linearScore(pe / (profitYoy * 100), 2, 0.5) : null,
  );
  return round1(mean(parts) ?? NO_EVIDENCE);
}

/**
 * 趋势: 2 points each for the price above its 20-, 60- and 250-day averages and for the 20-day
 * average above the 60-day one, and up to 2 for the 60-day change (0 at −20%, 2 at +20%); scaled
 * to 10 over the parts that can be judged.
 */
export function trendScore(figures: DiagnosisFigures): number {
  const { price, ma20, ma60, ma250, return60 } = figures;
  let points = 0;
  let possible = 0;
  const judge = (holds: boolean | null) => {
    if (holds === null) return;
    possible += 2;
    if (holds) points += 2;
  };
  judge(price === null || ma20 === null ? null : price > ma20);
  judge(price === null || ma60 === null ? null : price > ma60);
  judge(price === null || ma250 === null ? null : price > ma250);
  judge(ma20 === null || ma60 === null ? null : ma20 > ma60);
  if (return60 !== null) {
    possible += 2;
    points += linearScore(return60, -0.2, 0.2) / 5;
  }
  return round1(possible === 0 ? NO_EVIDENCE : (points / possible) * 10);
}

export function diagnosisScores(figures: DiagnosisFigures): DiagnosisScores {
  return {
    scoreCompany: companyScore(figures),
    scoreTrend: trendScore(figures),
    scoreValue: valueScore(figures),
  };
}

/** A fraction as the comments print it: 23.5%, no sign. */
function percentText(fraction: number): string {
  return formatPercent(fraction, { decimals: 1, sign: false });
}

type Verdict = { good: Comment } | { bad: Comment } | null;

/** A rule reads the figures and answers a highlight, a risk, or nothing. */
export type DiagnosisRule = (figures: DiagnosisFigures) => Verdict;

export const diagnosisRules = {
  revenueGrowth({ revenueYoy }) {
    if (revenueYoy === null) return null;
    if (revenueYoy >= 0.15)
      return { good: { tag: '营收增长', value: `近四季营收同比增长 ${percentText(revenueYoy)}` } };
    if (revenueYoy < 0)
      return { bad: { tag: '营收下滑', value: `近四季营收同比下降 ${percentText(-revenueYoy)}` } };
    return null;
  },
  profitGrowth({ profitYoy, netProfit }) {
    // A loss has its own rule; growth of a negative profit reads backwards.
    if (profitYoy === null || netProfit === null || netProfit <= 0) return null;
    if (profitYoy >= 0.15)
      return { good: { tag: '净利增长', value: `近四季净利润同比增长 ${percentText(profitYoy)}` } };
    if (profitYoy < 0)
      return { bad: { tag: '净利下滑', value: `近四季净利润同比下降 ${percentText(-profitYoy)}` } };
    return null;
  },
  loss({ netProfit }) {
    if (netProfit === null || netProfit > 0) return null;
    return { bad: { tag: '亏损', value: `近四季净利润 ${formatAmount(netProfit)}元` } };
  },
  grossMargin({ grossMargin, isFinance }) {
    if (grossMargin === null || isFinance) return null;
    if (grossMargin >= 0.4) return { good: { tag: '高毛利', value: `毛利率 ${percentText(grossMargin)}` } };
    if (grossMargin < 0.15) return { bad: { tag: '毛利率低', value: `毛利率 ${percentText(grossMargin)}` } };
    return null;
  },
  netMargin({ netMargin }) {
    if (netMargin === null || netMargin < 0.2) return null;
    return { good: { tag: '净利率高', value: `净利率 ${percentText(netMargin)}` } };
  },
  roe({ roe }) {
    if (roe === null) return null;
    if (roe >= 0.15) return { good: { tag: '高ROE', value: `净资产收益率 ${percentText(roe)}` } };
    if (roe < 0.05) return { bad: { tag: 'ROE偏低', value: `净资产收益率 ${percentText(roe)}` } };
    return null;
  },
  valuation({ pePercentile }) {
    if (pePercentile === null) return null;
    const value = `市盈率处于近5年 ${pePercentile.toFixed(1)}% 分位`;
    if (pePercentile <= 30) return { good: { tag: '估值处于低位', value } };
    if (pePercentile >= 70) return { bad: { tag: '估值处于高位', value } };
    return null;
  },
  debt({ debtRatio, isFinance }) {
    if (debtRatio === null || isFinance) return null;
    if (debtRatio >= 0.7) return { bad: { tag: '负债率高', value: `资产负债率 ${percentText(debtRatio)}` } };
    if (debtRatio <= 0.3) return { good: { tag: '负债率低', value: `资产负债率 ${percentText(debtRatio)}` } };
    return null;
  },
  trend({ price, ma20, ma60 }) {
    if (price === null || ma20 === null || ma60 === null) return null;
    const value = `股价 ${price.toFixed(2)}，20日均线 ${ma20.toFixed(2)}，60日均线 ${ma60.toFixed(2)}`;
    if (price > ma20 && ma20 > ma60) return { good: { tag: '均线多头', value } };
    if (price < ma20 && ma20 < ma60) return { bad: { tag: '均线空头', value } };
    return null;
  },
} satisfies Record<string, DiagnosisRule>;

/** The highlights and risks, in the order of the rules. */
export function diagnosisComments(figures: DiagnosisFigures): {
  positive_new: Comment[];
  unpositive_new: Comment[];
} {
  const positive: Comment[] = [];
  const negative: Comment[] = [];
  for (const rule of Object.values(diagnosisRules) as DiagnosisRule[]) {
    const verdict = rule(figures);
    if (verdict && 'good' in verdict) positive.push(verdict.good);
    if (verdict && 'bad' in verdict) negative.push(verdict.bad);
  }
  return { positive_new: positive, unpositive_new: negative };
}
