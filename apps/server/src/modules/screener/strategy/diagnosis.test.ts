import { describe, expect, it } from 'vitest';
import {
  companyScore,
  type DiagnosisFigures,
  diagnosisComments,
  diagnosisRules,
  linearScore,
  trendScore,
  valueScore,
} from './diagnosis.ts';

/** Figures with nothing known: each test sets what its rule reads. */
const blank: DiagnosisFigures = {
  revenueYoy: null,
  profitYoy: null,
  netProfit: null,
  grossMargin: null,
  netMargin: null,
  roe: null,
  debtRatio: null,
  isFinance: false,
  pe: null,
  pePercentile: null,
  price: null,
  ma20: null,
  ma60: null,
  ma250: null,
  return60: null,
};
const figures = (values: Partial<DiagnosisFigures>): DiagnosisFigures => ({ ...blank, ...values });

describe('diagnosis scores', () => {
  it('a linear score is 0 and 10 at its ends, clamped beyond, and runs either way', () => {
    expect(linearScore(0.1, 0, 0.2)).toBe(5);
    expect(linearScore(0.5, 0, 0.2)).toBe(10);
    expect(linearScore(-0.1, 0, 0.2)).toBe(0);
    // Debt ratio: 10 at 30%, 0 at 90%; 60% is halfway.
    expect(linearScore(0.6, 0.9, 0.3)).toBeCloseTo(5, 10);
  });

  it('公司质地 is the mean of ROE, gross margin, growth and debt sub-scores', () => {
    // ROE 10% → 5; gross 25% → 5; revenue +5% → 5; profit +30% → 10; debt 45% → 7.5. Mean 6.5.
    const score = companyScore(
      figures({ roe: 0.1, grossMargin: 0.25, revenueYoy: 0.05, profitYoy: 0.3, debtRatio: 0.45 }),
    );
    expect(score).toBe(6.5);
  });

  it('公司质地 of a bank leaves margin and debt out', () => {
    // ROE 20% → 10; revenue −20% → 0. Mean 5, whatever the 92% debt ratio.
    expect(companyScore(figures({ roe: 0.2, revenueYoy: -0.2, debtRatio: 0.92, isFinance: true }))).toBe(5);
  });

  it('a score with no figure to read is the neutral 5', () => {
    expect(companyScore(blank)).toBe(5);
    expect(valueScore(blank)).toBe(5);
    expect(trendScore(blank)).toBe(5);
  });

  it('估值 reads the PE percentile upside down and averages it with the PEG', () => {
    // Percentile 20 → 8. PEG = 20 ÷ 25 = 0.8 → (0.8 − 2) ÷ (0.5 − 2) × 10 = 8. Mean 8.
    expect(valueScore(figures({ pe: 20, pePercentile: 20, profitYoy: 0.25, netProfit: 1e9 }))).toBe(8);
    // Without growth only the percentile counts: 65 → 3.5.
    expect(valueScore(figures({ pe: 30, pePercentile: 65, profitYoy: -0.1, netProfit: 1e9 }))).toBe(3.5);
  });

  it('估值 of a loss-maker is 0', () => {
    expect(valueScore(figures({ pe: null, netProfit: -5e8, pePercentile: 10 }))).toBe(0);
  });

  it('趋势 counts the price above its averages, the 20 over the 60, and the 60-day change', () => {
    // Above MA20 and MA60 (4), below MA250 (0), MA20 > MA60 (2), +10% over 60 days → 1.5. 7.5 of 10.
    const score = trendScore(figures({ price: 11, ma20: 10.5, ma60: 10, ma250: 12, return60: 0.1 }));
    expect(score).toBe(7.5);
  });

  it('趋势 judges only what it can: a stock listed 100 days ago has no 250-day average', () => {
    // Below MA20 and MA60, MA20 < MA60, −20% over 60 days: 0 of 8.
    expect(trendScore(figures({ price: 9, ma20: 9.5, ma60: 10, return60: -0.2 }))).toBe(0);
  });
});

describe('diagnosis rules', () => {
  it('营收增长 from +15% year on year, 营收下滑 below 0', () => {
    expect(diagnosisRules.revenueGrowth(figures({ revenueYoy: 0.235 }))).toEqual({
      good: { tag: '营收增长', value: '近四季营收同比增长 23.5%' },
    });
    expect(diagnosisRules.revenueGrowth(figures({ revenueYoy: -0.052 }))).toEqual({
      bad: { tag: '营收下滑', value: '近四季营收同比下降 5.2%' },
    });
    expect(diagnosisRules.revenueGrowth(figures({ revenueYoy: 0.1 }))).toBeNull();
  });

  it('净利增长 from +15%, 净利下滑 below 0, nothing for a loss-maker', () => {
    expect(diagnosisRules.profitGrowth(figures({ profitYoy: 0.4, netProfit: 2e9 }))).toEqual({
      good: { tag: '净利增长', value: '近四季净利润同比增长 40.0%' },
    });
    expect(diagnosisRules.profitGrowth(figures({ profitYoy: -0.3, netProfit: 2e9 }))).toEqual({
      bad: { tag: '净利下滑', value: '近四季净利润同比下降 30.0%' },
    });
    expect(diagnosisRules.profitGrowth(figures({ profitYoy: 0.4, netProfit: -1e8 }))).toBeNull();
  });

  it('亏损 when the TTM net profit is not positive, in 亿', () => {
    expect(diagnosisRules.loss(figures({ netProfit: -123_000_000 }))).toEqual({
      bad: { tag: '亏损', value: '近四季净利润 -1.23亿元' },
    });
    expect(diagnosisRules.loss(figures({ netProfit: 1 }))).toBeNull();
  });

  it('高毛利 from 40%, 毛利率低 below 15%, nothing for a bank', () => {
    expect(diagnosisRules.grossMargin(figures({ grossMargin: 0.912 }))).toEqual({
      good: { tag: '高毛利', value: '毛利率 91.2%' },
    });
    expect(diagnosisRules.grossMargin(figures({ grossMargin: 0.08 }))).toEqual({
      bad: { tag: '毛利率低', value: '毛利率 8.0%' },
    });
    expect(diagnosisRules.grossMargin(figures({ grossMargin: 0.08, isFinance: true }))).toBeNull();
  });

  it('净利率高 from 20%', () => {
    expect(diagnosisRules.netMargin(figures({ netMargin: 0.5 }))).toEqual({
      good: { tag: '净利率高', value: '净利率 50.0%' },
    });
    expect(diagnosisRules.netMargin(figures({ netMargin: 0.19 }))).toBeNull();
  });

  it('高ROE from 15%, ROE偏低 below 5%', () => {
    expect(diagnosisRules.roe(figures({ roe: 0.183 }))).toEqual({
      good: { tag: '高ROE', value: '净资产收益率 18.3%' },
    });
    expect(diagnosisRules.roe(figures({ roe: 0.02 }))).toEqual({
      bad: { tag: 'ROE偏低', value: '净资产收益率 2.0%' },
    });
  });

  it('估值处于低位 at or below the 30th percentile, 估值处于高位 from the 70th', () => {
    expect(diagnosisRules.valuation(figures({ pePercentile: 12.34 }))).toEqual({
      good: { tag: '估值处于低位', value: '市盈率处于近5年 12.3% 分位' },
    });
    expect(diagnosisRules.valuation(figures({ pePercentile: 70 }))).toEqual({
      bad: { tag: '估值处于高位', value: '市盈率处于近5年 70.0% 分位' },
    });
    expect(diagnosisRules.valuation(figures({ pePercentile: 50 }))).toBeNull();
  });

  it('负债率高 from 70%, 负债率低 up to 30%, nothing for a bank', () => {
    expect(diagnosisRules.debt(figures({ debtRatio: 0.721 }))).toEqual({
      bad: { tag: '负债率高', value: '资产负债率 72.1%' },
    });
    expect(diagnosisRules.debt(figures({ debtRatio: 0.2 }))).toEqual({
      good: { tag: '负债率低', value: '资产负债率 20.0%' },
    });
    expect(diagnosisRules.debt(figures({ debtRatio: 0.92, isFinance: true }))).toBeNull();
  });

  it('均线多头 when price > MA20 > MA60, 均线空头 when price < MA20 < MA60', () => {
    expect(diagnosisRules.trend(figures({ price: 12.34, ma20: 11.8, ma60: 11.2 }))).toEqual({
      good: { tag: '均线多头', value: '股价 12.34，20日均线 11.80，60日均线 11.20' },
    });
    expect(diagnosisRules.trend(figures({ price: 10, ma20: 10.5, ma60: 11 }))).toEqual({
      bad: { tag: '均线空头', value: '股价 10.00，20日均线 10.50，60日均线 11.00' },
    });
    expect(diagnosisRules.trend(figures({ price: 10.6, ma20: 10.5, ma60: 11 }))).toBeNull();
  });

  it('the comments list highlights and risks in the order of the rules', () => {
    const comments = diagnosisComments(
      figures({ revenueYoy: 0.2, netProfit: -1e8, roe: -0.01, debtRatio: 0.25 }),
    );
    expect(comments.positive_new.map((comment) => comment.tag)).toEqual(['营收增长', '负债率低']);
    expect(comments.unpositive_new.map((comment) => comment.tag)).toEqual(['亏损', 'ROE偏低']);
  });
});
