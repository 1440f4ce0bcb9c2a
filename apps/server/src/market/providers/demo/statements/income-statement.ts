import type { StatementLines } from '../../../statements/statement-layout.ts';
import { type CompanyProfile, segmentCode } from './company-profile.ts';
import type { CompanyScale } from './company-scale.ts';
import { quarterOf, yearOf } from './statement-periods.ts';
import { between, createMemo, jitter, sumOf } from './statement-random.ts';

/** An income statement's lines and, per segment, the cost behind its gross margin. */
export interface IncomeStatement {
  lines: StatementLines;
  segmentCost: StatementLines;
}

/** Income-statement items that reduce profit (every other item of a quarter adds to it). */
const costCodes = new Set([
  'SELLING_DIST_EXP',
  'GERL_ADMIN_EXP',
  'RD_EXP',
  'FIN_EXP',
  'LESS_TAXES_SURCHARGES_OPS',
  'IMPAIR_LOSS',
  'OPER_EXP',
  'CREDIT_IMPAIR_LOSS',
  'INSUR_EXP',
  'OTHER_OPER_COST',
]);

/** Profit before tax of one quarter's items, before tax and minority lines exist: revenue and gains less costs. */
function preTaxProfit(lines: StatementLines, segmentCost: StatementLines): number {
  let profit = 0;
  for (const [code, value] of Object.entries(lines)) profit += costCodes.has(code) ? -value : value;
  for (const value of Object.values(segmentCost)) profit -= value;
  return profit;
}

/** Totals of a general income statement from its items; exact integer arithmetic. */
function generalIncome(items: StatementLines, segmentCost: StatementLines): StatementLines {
  const get = (code: string) => items[code] ?? 0;
  const segments = Object.keys(items).filter((code) => /^(SEG_\d{2}|OTHER_SEG)$/.test(code));
  const revenue = sumOf(segments.map(get));
  const cost = sumOf(segments.map((code) => segmentCost[code] ?? 0));
  const operExp = get('SELLING_DIST_EXP') + get('GERL_ADMIN_EXP') + get('RD_EXP') + get('FIN_EXP');
  const deduct = get('LESS_TAXES_SURCHARGES_OPS') + get('IMPAIR_LOSS');
  const other = get('INVEST_INC') + get('OTHER_INC') + get('FAIR_VALUE_CHG') + get('ASSET_DISPOSAL_INC');
  const gross = revenue - cost;
  return Object.assign({}, items, {
    TOT_OPER_REV: revenue,
    LESS_OPER_COST: cost,
    GROSS_PROFIT: gross,
    OPER_EXP: operExp,
    DEDUCT_OPER_COST: deduct,
    OTHER_OPER_PROFIT: other,
    OPER_PROFIT: gross - operExp - deduct + other,
  });
}

/** Totals of a bank's, insurer's or broker's income statement from its items. */
function financeIncome(items: StatementLines): StatementLines {
  const get = (code: string) => items[code] ?? 0;
  const revenue = sumOf(
    [
      'NET_INT_INC',
      'NET_FEE_COMM_INC',
      'NET_PREM_EARNED',
      'INVEST_INC',
      'FAIR_VALUE_CHG',
      'OTHER_OPER_INC',
    ].map(get),
  );
  const cost = sumOf(
    ['OPER_EXP', 'CREDIT_IMPAIR_LOSS', 'LESS_TAXES_SURCHARGES_OPS', 'INSUR_EXP', 'OTHER_OPER_COST'].map(get),
  );
  return Object.assign({}, items, {
    TOT_OPER_REV: revenue,
    TOT_OPER_COST: cost,
    OPER_PROFIT: revenue - cost,
  });
}

/**
 * The cumulative income statements of a company, by period. Items are generated per quarter (integer
 * yuan) and summed into the statement as published: Q3 covers January to September.
 */
export function incomeStatements(
  profile: CompanyProfile,
  scale: CompanyScale,
): (period: number) => IncomeStatement {
  const { kind, isFinance, stream, traits, taxRate, minorityShare, preTaxMargin, grossMargin } = profile;
  const { segmentNames, segmentWeights, segmentMargins, otherSegmentShare, impairment, otherIncome } =
    profile;
  const memoised = createMemo();

  /** One quarter's income-statement items (integer yuan), before any total is formed. */
  function quarterFlows(year: number, quarter: number): IncomeStatement {
    return memoised(`quarter|${year}|${quarter}`, () => {
      const random = stream(`quarter|${year}|${quarter}`);
      const revenue = scale.quarterRevenue(year, quarter);
      const item = (share: number, spread = 0.08) => Math.round(revenue * share * jitter(random, spread));
      const lines: StatementLines = {};
      const segmentCost: StatementLines = {};
      if (kind === 'general') {
        const drift = stream(`mix|${year}`);
        const weights = segmentWeights.map((weight) => weight * jitter(drift, 0.1));
        const total = sumOf(weights);
        segmentNames.forEach((_, index) => {
          const code = segmentCode(index);
          const amount = Math.round((revenue * (1 - otherSegmentShare) * (weights[index] ?? 0)) / total);
          lines[code] = amount;
          segmentCost[code] = Math.round(
            amount * (1 - (segmentMargins[index] ?? grossMargin) * jitter(random, 0.03)),
          );
        });
        lines.OTHER_SEG = item(otherSegmentShare, 0.2);
        segmentCost.OTHER_SEG = Math.round((lines.OTHER_SEG ?? 0) * between(random, 0.4, 0.9));
        lines.SELLING_DIST_EXP = item(profile.sellingShare);
        lines.GERL_ADMIN_EXP = item(profile.adminShare);
        lines.RD_EXP = item(profile.rdShare);
        lines.FIN_EXP = item(profile.financeShare, 0.3);
        lines.LESS_TAXES_SURCHARGES_OPS = item(traits.surcharges);
        lines.IMPAIR_LOSS = item(impairment, 0.9);
        lines.INVEST_INC = item(otherIncome * 0.4, 0.9);
        lines.OTHER_INC = item(otherIncome * 0.6, 0.3);
        lines.FAIR_VALUE_CHG = Math.round(revenue * between(random, -0.003, 0.003));
        lines.ASSET_DISPOSAL_INC = Math.round(revenue * between(random, -0.0005, 0.001));
      } else {
        const shareOf = {
          bank: { NET_INT_INC: 0.68, NET_FEE_COMM_INC: 0.17, INVEST_INC: 0.1, OTHER_OPER_INC: 0.03 },
          insurer: { NET_PREM_EARNED: 0.8, INVEST_INC: 0.14, NET_FEE_COMM_INC: 0.01, OTHER_OPER_INC: 0.04 },
          broker: { NET_FEE_COMM_INC: 0.45, NET_INT_INC: 0.12, INVEST_INC: 0.33, OTHER_OPER_INC: 0.06 },
        }[kind];
        for (const [code, share] of Object.entries(shareOf)) lines[code] = item(share);
        lines.FAIR_VALUE_CHG = Math.round(revenue * between(random, -0.03, 0.03));
        const costs = {
          bank: { OPER_EXP: 0.3, LESS_TAXES_SURCHARGES_OPS: 0.011, OTHER_OPER_COST: 0.01 },
          insurer: {
            OPER_EXP: 0.12,
            LESS_TAXES_SURCHARGES_OPS: 0.004,
            CREDIT_IMPAIR_LOSS: 0.005,
            OTHER_OPER_COST: 0.02,
          },
          broker: { CREDIT_IMPAIR_LOSS: 0.02, LESS_TAXES_SURCHARGES_OPS: 0.006, OTHER_OPER_COST: 0.03 },
        }[kind];
        const balancing = { bank: 'CREDIT_IMPAIR_LOSS', insurer: 'INSUR_EXP', broker: 'OPER_EXP' }[kind];
        const costShare = 1 - preTaxMargin - sumOf(Object.values(costs));
        for (const [code, share] of Object.entries(costs)) lines[code] = item(share);
        lines[balancing] = item(Math.max(0.01, costShare), 0.06);
      }
      lines.NON_OPER_PROFIT = Math.round(revenue * between(random, -0.003, 0.002));
      // Income tax needs the quarter's profit before tax, formed here from the same items.
      const profit = preTaxProfit(lines, segmentCost);
      lines.INC_TAX =
        profit > 0 ? Math.round(profit * taxRate * jitter(random, 0.1)) : Math.round(revenue * 0.001);
      lines.MINORITY_INT_INC = Math.round((profit - (lines.INC_TAX ?? 0)) * minorityShare);
      return { lines, segmentCost };
    });
  }

  return (period: number): IncomeStatement =>
    memoised(`income|${period}`, () => {
      const year = yearOf(period);
      const items: StatementLines = {};
      const segmentCost: StatementLines = {};
      for (let quarter = 1; quarter <= quarterOf(period); quarter += 1) {
        const flows = quarterFlows(year, quarter);
        for (const [code, value] of Object.entries(flows.lines)) items[code] = (items[code] ?? 0) + value;
        for (const [code, value] of Object.entries(flows.segmentCost))
          segmentCost[code] = (segmentCost[code] ?? 0) + value;
      }
      const totals = isFinance ? financeIncome(items) : generalIncome(items, segmentCost);
      const net = (totals.OPER_PROFIT ?? 0) + (totals.NON_OPER_PROFIT ?? 0) - (totals.INC_TAX ?? 0);
      totals.NET_PROFIT_INCL_MIN_INT_INC = net;
      totals.NET_PROFIT_EXCL_MIN_INT_INC = net - (totals.MINORITY_INT_INC ?? 0);
      return { lines: totals, segmentCost };
    });
}
