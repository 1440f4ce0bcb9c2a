import type { DemoInstrument } from '../instrument-catalogue.ts';
import { yearOf } from './statement-periods.ts';
import { between, clamp, jitter, type StatementStreams, statementStreams } from './statement-random.ts';
import { type IndustryTraits, industryTraits, knownCompany } from './statement-traits.ts';

export type CompanyKind = 'general' | 'bank' | 'insurer' | 'broker';

/** The latest fundamentals of a stock (table `fundamentals`): the scale the statements follow. */
export interface StatementAnchor {
  period: number;
  revenueTtm: number;
  netProfitTtm: number;
  equity: number;
  grossMargin: number;
}

export type StatementCompany = Pick<DemoInstrument, 'code' | 'name' | 'industry' | 'totalShares'>;

const bankIndustry = '801780.ZSI';
const nonBankFinance = '801790.ZSI';

/** SW 银行 → bank; SW 非银金融 → insurer when the name says so, else broker (also trusts, futures). */
export function companyKindOf(company: Pick<StatementCompany, 'industry' | 'name'>): CompanyKind {
  if (company.industry === bankIndustry) return 'bank';
  if (company.industry === nonBankFinance)
    return /保险|人寿|财险|平安|太保|人保/.test(company.name) ? 'insurer' : 'broker';
  return 'general';
}

/**
 * The constants of one company that every statement and period shares: its kind, scale at the
 * anchor, margins, cost structure and segment mix. All are drawn from the company's `profile`
 * stream, in a fixed order; moving a draw changes every figure after it.
 */
export interface CompanyProfile {
  kind: CompanyKind;
  isFinance: boolean;
  traits: IndustryTraits;
  stream: StatementStreams;
  shares: number;
  trendGrowth: number;
  minorityShare: number;
  taxRate: number;
  /** Share of 货币资金 that is restricted, so not a cash equivalent. */
  restrictedShare: number;
  /** Operating cash flow over net profit. */
  cashConversion: number;
  /** Cash paid to employees over revenue. */
  employeeCost: number;
  debtRatio: number;
  goodwillShare: number;
  equityInvestShare: number;
  anchorYear: number;
  /** Revenue (yuan) and year-end equity of the anchor year. */
  anchorRevenue: number;
  anchorEquity: number;
  grossMargin: number;
  /** Impairment and other income (investment income, subsidies) as fractions of revenue. */
  impairment: number;
  otherIncome: number;
  preTaxMargin: number;
  /** Selling, admin, R&D and finance expenses as fractions of revenue. */
  sellingShare: number;
  adminShare: number;
  rdShare: number;
  financeShare: number;
  segmentNames: readonly string[];
  segmentWeights: readonly number[];
  segmentMargins: readonly number[];
  otherSegmentShare: number;
}

export function companyProfile(
  seed: number,
  company: StatementCompany,
  anchor: StatementAnchor,
): CompanyProfile {
  const kind = companyKindOf(company);
  const isFinance = kind !== 'general';
  const stream = statementStreams(seed, company.code);
  const traits = industryTraits(company.industry);
  const known = knownCompany(company.code);
  const shares = company.totalShares ?? 1e9;

  // Company constants.
  const base = stream('profile');
  const trendGrowth = between(base, -0.04, 0.18);
  const minorityShare = base() < 0.4 ? 0 : between(base, 0.01, 0.12);
  const taxRate = traits.rd >= 0.05 ? 0.15 : 0.25;
  const restrictedShare = between(base, 0, 0.05);
  const cashConversion = between(base, 0.8, 1.35);
  const employeeCost = between(base, 0.06, 0.15);
  const debtRatio = clamp(traits.debt * jitter(base, 0.25), 0.08, 0.9);
  const goodwillShare = base() < 0.5 ? 0 : between(base, 0.01, 0.08);
  const equityInvestShare = between(base, 0.01, 0.12);
  const anchorYear = yearOf(anchor.period);

  // Scale: net profit and equity from the fundamentals; revenue from them where the margin is
  // plausible for the kind of company, else from the net profit at the nearest plausible margin.
  // The fundamentals' gross margin (0.12–0.72 in the demo) placed at the same rank within the
  // industry's range, so comparisons keep their order and every margin is plausible.
  const [marginLow, marginHigh] = traits.grossMargin;
  const grossMargin = isFinance
    ? 0
    : (known?.grossMargin ??
      marginLow + clamp((anchor.grossMargin - 0.12) / 0.6, 0, 1) * (marginHigh - marginLow));
  const impairment = 0.004;
  const otherIncome = 0.012;
  const marginCeiling = isFinance
    ? { bank: 0.42, insurer: 0.14, broker: 0.42, general: 0 }[kind]
    : Math.max(0.01, (grossMargin - 0.06 - traits.surcharges - impairment + otherIncome) * (1 - taxRate));
  const marginFloor = isFinance ? { bank: 0.25, insurer: 0.05, broker: 0.18, general: 0 }[kind] : -0.4;
  const revenueTtm = anchor.revenueTtm > 0 ? anchor.revenueTtm : Math.abs(anchor.netProfitTtm) * 8 || shares;
  const rawMargin = anchor.netProfitTtm / revenueTtm;
  const netMargin =
    anchor.netProfitTtm < 0
      ? Math.max(rawMargin, -0.4)
      : clamp(
          rawMargin,
          isFinance ? marginFloor : Math.max(0.005, (grossMargin - 0.2) * 0.55),
          marginCeiling,
        );
  const anchorRevenue = anchor.netProfitTtm !== 0 ? anchor.netProfitTtm / netMargin : revenueTtm;
  const anchorEquity = anchor.equity > 0 ? anchor.equity : Math.abs(anchorRevenue) * 0.6;

  // Cost structure of a general company, set so that the net margin comes out near the anchor's.
  const preTaxMargin = netMargin > 0 ? netMargin / (1 - taxRate) : netMargin;
  const expenseShare = Math.max(
    0.03,
    grossMargin - traits.surcharges - impairment + otherIncome - preTaxMargin,
  );
  // The expenses split in the industry's proportions; finance costs may be net interest income.
  const expenseWeights = {
    selling: traits.selling * jitter(base, 0.3),
    admin: 0.05 * jitter(base, 0.3),
    rd: traits.rd * jitter(base, 0.3),
    finance: 0.012 * between(base, -0.6, 1.2),
  };
  const expenseScale =
    expenseShare /
    (expenseWeights.selling + expenseWeights.admin + expenseWeights.rd + expenseWeights.finance);

  // Segment mix and margins: a well-known company's own segments, else two to four of the industry's.
  const segmentNames = (known?.segments ?? traits.segments).slice(
    0,
    known ? undefined : 2 + Math.floor(base() * 3),
  );
  const segmentWeights = segmentNames.map((_, index) => between(base, 0.5, 1) / (index + 1) ** 1.3);
  const segmentMargins = segmentNames.map(() => clamp(grossMargin + between(base, -0.12, 0.12), 0.02, 0.95));
  const otherSegmentShare = between(base, 0.005, 0.04);

  return {
    kind,
    isFinance,
    traits,
    stream,
    shares,
    trendGrowth,
    minorityShare,
    taxRate,
    restrictedShare,
    cashConversion,
    employeeCost,
    debtRatio,
    goodwillShare,
    equityInvestShare,
    anchorYear,
    anchorRevenue,
    anchorEquity,
    grossMargin,
    impairment,
    otherIncome,
    preTaxMargin,
    sellingShare: expenseWeights.selling * expenseScale,
    adminShare: expenseWeights.admin * expenseScale,
    rdShare: expenseWeights.rd * expenseScale,
    financeShare: expenseWeights.finance * expenseScale,
    segmentNames,
    segmentWeights,
    segmentMargins,
    otherSegmentShare,
  };
}

/** The statement line code of the segment at `index` (SEG_01, SEG_02, …). */
export function segmentCode(index: number): string {
  return `SEG_${String(index + 1).padStart(2, '0')}`;
}
