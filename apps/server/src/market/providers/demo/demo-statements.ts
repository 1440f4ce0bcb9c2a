/**
 * Demo financial statements (issue 5): for every A-share of the demo universe, the income
 * statement, cash-flow statement and balance sheet of the last sixteen published report periods.
 *
 * Every figure is a pure function of (seed, company, fundamentals anchor, period), so a later start
 * that rolls forward generates exactly the periods that have appeared since, and old periods never
 * change. Amounts are integer yuan and every total is computed as the sum of its integer items, so
 * the identities of contract report.ts hold exactly: flows are generated per quarter and summed into
 * the cumulative statements as published (Q3 covers January–September); the balance sheet is a
 * point in time whose cash is the cash-flow statement's closing cash; the opening cash of every
 * period of a year is the closing cash of the year before.
 */
import type { DayNumber } from '@zhicai/domain';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import type { StatementDocument, StatementLines } from '../../statements/statement-layout.ts';
import {
  type StatementRow,
  type StatementsRepository,
  statementKey,
} from '../../statements/statements.repository.ts';
import type { DemoInstrument } from './instrument-catalogue.ts';
import { hashString, mulberry32, type Random } from './prng.ts';

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

/** Published periods kept per company: twelve to browse and four more for year-on-year changes. */
export const demoPeriodCount = 16;

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
 * The newest period published by `day` (YYYYMMDD), by the statutory deadlines: the annual and Q1
 * reports by April 30, the half-year report by August 31, Q3 by October 31. A period appears the day
 * after its deadline.
 */
export function latestPublishedPeriod(day: DayNumber): number {
  const year = Math.floor(day / 10000);
  const monthDay = day % 10000;
  if (monthDay > 1031) return year * 10000 + 930;
  if (monthDay > 831) return year * 10000 + 630;
  if (monthDay > 430) return year * 10000 + 331;
  return (year - 1) * 10000 + 930;
}

export function previousPeriod(period: number): number {
  const year = Math.floor(period / 10000);
  const monthDay = period % 10000;
  if (monthDay === 1231) return year * 10000 + 930;
  if (monthDay === 930) return year * 10000 + 630;
  if (monthDay === 630) return year * 10000 + 331;
  return (year - 1) * 10000 + 1231;
}

/** `count` periods ending at `latest`, oldest first. */
export function periodsEndingAt(latest: number, count: number = demoPeriodCount): number[] {
  const periods = [latest];
  while (periods.length < count) periods.unshift(previousPeriod(periods[0] ?? latest));
  return periods;
}

const quarterOf = (period: number) => ({ 331: 1, 630: 2, 930: 3, 1231: 4 })[period % 10000] ?? 4;
const yearOf = (period: number) => Math.floor(period / 10000);
const yearEnd = (year: number) => year * 10000 + 1231;

interface IndustryTraits {
  segments: readonly string[];
  debt: number;
  selling: number;
  rd: number;
  surcharges: number;
  capex: number;
  fixedAssets: number;
  receivableDays: number;
  inventoryDays: number;
  contract: number;
  season: readonly [number, number, number, number];
  /** The range of gross margins in the industry. */
  grossMargin: readonly [number, number];
}

const defaultTraits: IndustryTraits = {
  segments: ['主营产品', '配套产品', '技术服务'],
  debt: 0.45,
  selling: 0.04,
  rd: 0.02,
  surcharges: 0.008,
  capex: 0.05,
  fixedAssets: 0.35,
  receivableDays: 60,
  inventoryDays: 80,
  contract: 0.04,
  season: [0.23, 0.25, 0.25, 0.27],
  grossMargin: [0.15, 0.4],
};

const industryTraits: Readonly<Record<string, Partial<IndustryTraits>>> = {
  '801010.ZSI': {
    grossMargin: [0.08, 0.25],
    segments: ['生猪养殖', '饲料', '种子', '肉制品'],
    inventoryDays: 120,
  },
  '801030.ZSI': {
    grossMargin: [0.12, 0.35],
    segments: ['化工原料', '农药化肥', '氟化工产品', '新材料'],
    capex: 0.1,
    fixedAssets: 0.6,
  },
  '801040.ZSI': {
    grossMargin: [0.05, 0.15],
    segments: ['板材', '长材', '钢管', '特钢'],
    debt: 0.55,
    fixedAssets: 0.7,
    capex: 0.07,
  },
  '801050.ZSI': {
    grossMargin: [0.06, 0.25],
    segments: ['铜产品', '铝产品', '黄金', '锂盐'],
    debt: 0.5,
    capex: 0.09,
  },
  '801080.ZSI': {
    grossMargin: [0.12, 0.45],
    segments: ['消费电子', '半导体', '显示面板', '电子元件'],
    rd: 0.07,
    capex: 0.12,
  },
  '801110.ZSI': {
    grossMargin: [0.18, 0.32],
    segments: ['空调', '冰箱洗衣机', '小家电', '厨电'],
    selling: 0.1,
    debt: 0.6,
    contract: 0.1,
  },
  '801120.ZSI': {
    grossMargin: [0.3, 0.8],
    segments: ['白酒', '乳制品', '调味品', '饮料'],
    debt: 0.3,
    selling: 0.1,
    rd: 0.004,
    surcharges: 0.08,
    receivableDays: 5,
    inventoryDays: 400,
    contract: 0.12,
    season: [0.3, 0.22, 0.24, 0.24],
  },
  '801130.ZSI': { grossMargin: [0.2, 0.55], segments: ['服装', '面料', '家纺', '鞋履'], selling: 0.15 },
  '801140.ZSI': { grossMargin: [0.15, 0.35], segments: ['家具', '纸制品', '包装', '文具'] },
  '801150.ZSI': {
    grossMargin: [0.3, 0.85],
    segments: ['化学制剂', '生物制品', '中药', '医疗器械'],
    selling: 0.2,
    rd: 0.09,
    debt: 0.35,
  },
  '801160.ZSI': {
    grossMargin: [0.1, 0.35],
    segments: ['电力', '热力', '燃气', '水务'],
    debt: 0.6,
    capex: 0.3,
    fixedAssets: 2.5,
    receivableDays: 45,
    inventoryDays: 15,
  },
  '801170.ZSI': {
    grossMargin: [0.08, 0.3],
    segments: ['物流', '航运', '港口装卸', '路桥通行'],
    debt: 0.55,
    capex: 0.15,
    fixedAssets: 1.2,
  },
  '801180.ZSI': {
    grossMargin: [0.12, 0.3],
    segments: ['房地产开发', '物业管理', '租赁业务'],
    debt: 0.75,
    surcharges: 0.05,
    receivableDays: 10,
    inventoryDays: 900,
    contract: 0.5,
    season: [0.15, 0.22, 0.2, 0.43],
  },
  '801200.ZSI': {
    grossMargin: [0.1, 0.35],
    segments: ['商品销售', '免税商品', '超市零售', '租赁'],
    receivableDays: 10,
    inventoryDays: 45,
  },
  '801210.ZSI': {
    grossMargin: [0.25, 0.6],
    segments: ['酒店', '景区', '教育培训', '餐饮'],
    inventoryDays: 10,
  },
  '801230.ZSI': { grossMargin: [0.08, 0.3], segments: ['贸易', '实业投资', '园区开发'] },
  '801710.ZSI': {
    grossMargin: [0.2, 0.35],
    segments: ['水泥', '玻璃', '防水材料', '骨料'],
    fixedAssets: 0.9,
    capex: 0.1,
  },
  '801720.ZSI': {
    grossMargin: [0.08, 0.15],
    segments: ['房建工程', '基建工程', '装饰工程', '设计勘察'],
    debt: 0.72,
    receivableDays: 120,
    season: [0.18, 0.26, 0.24, 0.32],
  },
  '801730.ZSI': {
    grossMargin: [0.15, 0.3],
    segments: ['动力电池', '光伏组件', '储能系统', '输变电设备'],
    debt: 0.6,
    rd: 0.05,
    capex: 0.12,
  },
  '801740.ZSI': {
    grossMargin: [0.2, 0.4],
    segments: ['航空装备', '航天装备', '军工电子', '船舶'],
    rd: 0.06,
    receivableDays: 150,
  },
  '801750.ZSI': {
    grossMargin: [0.25, 0.6],
    segments: ['软件开发', '系统集成', '云服务', '硬件'],
    rd: 0.12,
    receivableDays: 150,
    season: [0.15, 0.22, 0.23, 0.4],
  },
  '801760.ZSI': {
    grossMargin: [0.25, 0.6],
    segments: ['游戏', '影视', '广告营销', '出版'],
    selling: 0.12,
    rd: 0.06,
  },
  '801770.ZSI': {
    grossMargin: [0.2, 0.4],
    segments: ['移动通信服务', '固网宽带', '通信设备', '光纤光缆'],
    rd: 0.08,
    capex: 0.18,
  },
  '801880.ZSI': {
    grossMargin: [0.12, 0.25],
    segments: ['整车', '汽车零部件', '新能源汽车', '售后服务'],
    debt: 0.62,
    rd: 0.04,
  },
  '801890.ZSI': {
    grossMargin: [0.18, 0.35],
    segments: ['工程机械', '通用设备', '专用设备', '零部件'],
    rd: 0.04,
    receivableDays: 100,
  },
  '801950.ZSI': {
    grossMargin: [0.2, 0.45],
    segments: ['煤炭', '电力', '焦炭', '运输'],
    capex: 0.1,
    fixedAssets: 0.9,
  },
  '801960.ZSI': {
    grossMargin: [0.08, 0.25],
    segments: ['炼油', '化工产品', '成品油销售', '油气勘探'],
    debt: 0.5,
    fixedAssets: 0.6,
  },
  '801970.ZSI': {
    grossMargin: [0.2, 0.4],
    segments: ['固废处理', '水处理', '环保设备', '运营服务'],
    receivableDays: 120,
  },
  '801980.ZSI': { grossMargin: [0.45, 0.75], segments: ['护肤品', '彩妆', '个人护理', '医美'], selling: 0.3 },
};

/** Business lines of a few real companies, so their cards read the way users know them. */
const knownSegments: Readonly<Record<string, readonly string[]>> = {
  '600519.SH': ['茅台酒', '系列酒'],
  '000858.SZ': ['五粮液酒', '其他酒'],
  '300750.SZ': ['动力电池系统', '储能电池系统', '电池材料及回收'],
  '002594.SZ': ['汽车及相关产品', '手机部件及组装'],
  '600900.SH': ['电力', '国际业务'],
};

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

/** Real companies whose margins users know: gross margin as a fraction. */
const knownGrossMargins: Readonly<Record<string, number>> = {
  '600519.SH': 0.915,
  '000858.SZ': 0.76,
  '300750.SZ': 0.24,
  '002594.SZ': 0.2,
  '600900.SH': 0.58,
};

/** A stream of randomness per company and purpose, independent of any other draw. */
function streams(seed: number, code: string) {
  return (key: string): Random => mulberry32(hashString(`${seed}|statements|${code}|${key}`));
}

const between = (random: Random, low: number, high: number) => low + random() * (high - low);
const jitter = (random: Random, spread: number) => 1 + (random() * 2 - 1) * spread;
const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));
const sumOf = (values: readonly number[]) => values.reduce((sum, value) => sum + value, 0);

/**
 * Sets the net of one cash-flow activity exactly: the residual payment OTHER_CASH_PAY_… takes what
 * receipts less payments leave over the net; when that would fall below `floor`, the residual
 * receipt OTHER_CASH_RECP_… grows instead, so every receipt and payment stays a positive amount.
 */
function settleActivity(
  lines: StatementLines,
  net: number,
  receipts: Record<string, number>,
  payments: Record<string, number>,
  otherReceipt: string,
  otherPayment: string,
  floor: number,
): void {
  const received = sumOf(Object.values(receipts));
  const paid = sumOf(Object.values(payments));
  let residual = received - paid - net;
  const extra = residual < floor ? floor - residual : 0;
  residual += extra;
  Object.assign(lines, receipts, payments);
  lines[otherReceipt] = (receipts[otherReceipt] ?? 0) + extra;
  lines[otherPayment] = residual;
}

interface FlowQuarter {
  lines: StatementLines;
  segmentCost: StatementLines;
}

/** Statements of one company; results are memoised because periods share years and quarters. */
export function companyStatements(seed: number, company: StatementCompany, anchor: StatementAnchor) {
  const kind = companyKindOf(company);
  const isFinance = kind !== 'general';
  const stream = streams(seed, company.code);
  const traits: IndustryTraits = { ...defaultTraits, ...(industryTraits[company.industry ?? ''] ?? {}) };
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
    : (knownGrossMargins[company.code] ??
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
  const sellingShare = expenseWeights.selling * expenseScale;
  const adminShare = expenseWeights.admin * expenseScale;
  const rdShare = expenseWeights.rd * expenseScale;
  const financeShare = expenseWeights.finance * expenseScale;

  // Segment mix and margins.
  const segmentNames = (knownSegments[company.code] ?? traits.segments).slice(
    0,
    knownSegments[company.code] ? undefined : 2 + Math.floor(base() * 3),
  );
  const segmentWeights = segmentNames.map((_, index) => between(base, 0.5, 1) / (index + 1) ** 1.3);
  const segmentMargins = segmentNames.map(() => clamp(grossMargin + between(base, -0.12, 0.12), 0.02, 0.95));
  const otherSegmentShare = between(base, 0.005, 0.04);

  const memo = new Map<string, unknown>();
  function memoised<T>(key: string, make: () => T): T {
    if (!memo.has(key)) memo.set(key, make());
    return memo.get(key) as T;
  }

  /** Annual revenue level of a year (yuan), growing from the anchor year both ways. */
  function annualRevenue(year: number): number {
    return memoised(`revenue|${year}`, () => {
      if (year === anchorYear) return Math.abs(anchorRevenue);
      const growth = (y: number) => Math.max(-0.35, trendGrowth + (stream(`growth|${y}`)() * 2 - 1) * 0.12);
      return year > anchorYear
        ? annualRevenue(year - 1) * (1 + growth(year))
        : annualRevenue(year + 1) / (1 + growth(year + 1));
    });
  }

  /** Year-end equity, moving with the business but more slowly. */
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

  /** One quarter's income-statement items (integer yuan), before any total is formed. */
  function quarterFlows(year: number, quarter: number): FlowQuarter {
    return memoised(`quarter|${year}|${quarter}`, () => {
      const random = stream(`quarter|${year}|${quarter}`);
      const revenue = quarterRevenue(year, quarter);
      const item = (share: number, spread = 0.08) => Math.round(revenue * share * jitter(random, spread));
      const lines: StatementLines = {};
      const segmentCost: StatementLines = {};
      if (!isFinance) {
        const drift = stream(`mix|${year}`);
        const weights = segmentWeights.map((weight) => weight * jitter(drift, 0.1));
        const total = sumOf(weights);
        segmentNames.forEach((_, index) => {
          const code = `SEG_${String(index + 1).padStart(2, '0')}`;
          const amount = Math.round((revenue * (1 - otherSegmentShare) * (weights[index] ?? 0)) / total);
          lines[code] = amount;
          segmentCost[code] = Math.round(
            amount * (1 - (segmentMargins[index] ?? grossMargin) * jitter(random, 0.03)),
          );
        });
        lines.OTHER_SEG = item(otherSegmentShare, 0.2);
        segmentCost.OTHER_SEG = Math.round((lines.OTHER_SEG ?? 0) * between(random, 0.4, 0.9));
        lines.SELLING_DIST_EXP = item(sellingShare);
        lines.GERL_ADMIN_EXP = item(adminShare);
        lines.RD_EXP = item(rdShare);
        lines.FIN_EXP = item(financeShare, 0.3);
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
      ['OPER_EXP', 'CREDIT_IMPAIR_LOSS', 'LESS_TAXES_SURCHARGES_OPS', 'INSUR_EXP', 'OTHER_OPER_COST'].map(
        get,
      ),
    );
    return Object.assign({}, items, {
      TOT_OPER_REV: revenue,
      TOT_OPER_COST: cost,
      OPER_PROFIT: revenue - cost,
    });
  }

  /** The cumulative income statement of a period, and the segment costs behind its gross margins. */
  function income(period: number): FlowQuarter {
    return memoised(`income|${period}`, () => {
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

  /** Equity at a period end: between the year ends around it. */
  function equityAt(period: number): number {
    const year = yearOf(period);
    const quarter = quarterOf(period);
    const start = yearEndEquity(year - 1);
    const end = yearEndEquity(year);
    if (quarter === 4) return end;
    return start + (end - start) * (quarter / 4) * jitter(stream(`equity-at|${period}`), 0.2);
  }

  function equityLines(period: number, random: Random): StatementLines {
    const total = Math.round(equityAt(period));
    const lines: StatementLines = {
      CAP_STK: Math.round(Math.min(shares, total * 0.4)),
      CAP_RSRV: Math.round(total * between(random, 0.05, 0.25)),
      SURPLUS_RSRV: Math.round(total * between(random, 0.03, 0.1)),
      MINORITY_INT: Math.round(total * minorityShare * 1.5),
      OTHER_EQY: Math.round(total * between(random, -0.01, 0.02)),
    };
    if (isFinance) {
      lines.OTHER_EQUITY_TOOLS = Math.round(total * between(random, 0, 0.1));
      lines.PROV_NOM_RISKS = Math.round(total * between(random, 0.02, 0.1));
    }
    lines.UNDISTRIBUTED_PROFIT = total - sumOf(Object.values(lines));
    lines.TOT_SHRHLDR_EQY_INCL_MIN_INT = total;
    return lines;
  }

  /**
   * Items scaled to fill `total` exactly: each rounded, the last (an OTHER_ line or cash) taking
   * what rounding leaves.
   */
  function fill(total: number, weights: Record<string, number>, last: string): StatementLines {
    const sum = sumOf(Object.values(weights)) + 1e-9;
    const lines: StatementLines = {};
    for (const [code, weight] of Object.entries(weights)) {
      if (code !== last) lines[code] = Math.round((total * weight) / sum);
    }
    lines[last] = total - sumOf(Object.values(lines));
    return lines;
  }

  function balance(period: number): StatementLines {
    return memoised(`balance|${period}`, () => {
      const random = stream(`balance|${period}`);
      const equity = equityLines(period, random);
      const equityTotal = equity.TOT_SHRHLDR_EQY_INCL_MIN_INT ?? 0;
      const revenue = annualRevenue(yearOf(period));
      const j = (spread = 0.1) => jitter(random, spread);
      if (isFinance) {
        const leverage = { bank: 12, insurer: 9, broker: 4.5, general: 2 }[kind] * j(0.15);
        const assets = Math.round(equityTotal * leverage);
        const assetWeights: Record<string, number> = (
          {
            bank: {
              CASH_DEPOSITS_CENTRAL_BANK: 0.07,
              ASSET_DEP_OTH_BANKS_FIN_INST: 0.03,
              LOANS_AND_ADV_GRANTED: 0.56,
              FIN_INVEST: 0.29,
              OTHER_ASSETS: 0.05,
            },
            insurer: {
              MONETARY_CAP: 0.04,
              FIN_INVEST: 0.68,
              TIME_DEPOSITS: 0.08,
              LONG_TERM_EQY_INVEST: 0.06,
              OTHER_ASSETS: 0.14,
            },
            broker: {
              MONETARY_CAP: 0.2,
              SETTLE_RSRV: 0.05,
              MARGIN_ACCT: 0.15,
              PURCH_RESELL_FIN_ASSETS: 0.05,
              FIN_INVEST: 0.45,
              OTHER_ASSETS: 0.1,
            },
            general: {},
          } as Record<CompanyKind, Record<string, number>>
        )[kind];
        const liabilityWeights: Record<string, number> = (
          {
            bank: {
              BORROW_CENTRAL_BANK: 0.04,
              CUST_BANK_DEP: 0.7,
              DEP_OTH_BANKS_FIN_INST: 0.12,
              BONDS_PAYABLE: 0.09,
              OTHER_LIAB: 0.05,
            },
            insurer: {
              INSUR_CONTRACT_RSRV: 0.7,
              INSURED_DEPOSIT_INVEST: 0.1,
              FUND_SALES_FIN_ASSETS_RP: 0.08,
              BONDS_PAYABLE: 0.03,
              OTHER_LIAB: 0.09,
            },
            broker: {
              ACTING_TRADING_SEC: 0.25,
              FUND_SALES_FIN_ASSETS_RP: 0.25,
              ST_FINL_INST_PAYABLE: 0.1,
              BONDS_PAYABLE: 0.2,
              OTHER_LIAB: 0.2,
            },
            general: {},
          } as Record<CompanyKind, Record<string, number>>
        )[kind];
        const jittered = (weights: Record<string, number>) =>
          Object.fromEntries(Object.entries(weights).map(([code, weight]) => [code, weight * j()]));
        return Object.assign(
          fill(assets, jittered(assetWeights), 'OTHER_ASSETS'),
          { TOT_ASSETS: assets },
          fill(assets - equityTotal, jittered(liabilityWeights), 'OTHER_LIAB'),
          { TOT_LIAB: assets - equityTotal },
          equity,
        );
      }
      const cost = revenue * (1 - grossMargin);
      const assetsTarget = equityTotal / (1 - clamp(debtRatio * j(0.05), 0.05, 0.92));
      const current: StatementLines = {
        NOTES_RCV: revenue * 0.03 * j(0.3),
        ACCT_RCV: ((revenue * traits.receivableDays) / 365) * j(0.15),
        PREPAY: cost * 0.02 * j(0.3),
        INVENTORIES: ((cost * traits.inventoryDays) / 365) * j(0.12),
        OTHER_CUR_ASSETS: revenue * 0.03 * j(0.3),
      };
      const nonCurrent: StatementLines = {
        LONG_TERM_EQY_INVEST: equityTotal * equityInvestShare * j(),
        FIX_ASSETS: revenue * traits.fixedAssets * j(0.05),
        CONST_IN_PROG: revenue * traits.fixedAssets * 0.12 * j(0.4),
        INTANG_ASSETS: revenue * 0.04 * j(),
        GOODWILL: revenue * goodwillShare,
        OTHER_NON_CUR_ASSETS: revenue * 0.03 * j(0.3),
      };
      const itemised = sumOf(Object.values(current)) + sumOf(Object.values(nonCurrent));
      // Cash takes what the other assets leave; a company whose operations would need more assets
      // than its equity and debt ratio allow holds them at a smaller scale.
      const scale = itemised > assetsTarget * 0.92 ? (assetsTarget * 0.85) / itemised : 1;
      const rounded = (lines: StatementLines) =>
        Object.fromEntries(Object.entries(lines).map(([code, value]) => [code, Math.round(value * scale)]));
      const currentLines = rounded(current);
      const nonCurrentLines = rounded(nonCurrent);
      const assets = Math.max(Math.round(assetsTarget), equityTotal + 1);
      currentLines.MONETARY_CAP =
        assets - sumOf(Object.values(currentLines)) - sumOf(Object.values(nonCurrentLines));
      const liabilities = assets - equityTotal;
      const operating: StatementLines = {
        NOTES_PAYABLE: cost * 0.04 * j(0.3),
        ACCT_PAYABLE: ((cost * 70) / 365) * j(0.15),
        CONTRACT_LIABILITIES: revenue * traits.contract * j(0.2),
        EMPL_BEN_PAYABLE: revenue * 0.02 * j(0.2),
        TAXES_SURCHARGES_PAYABLE: revenue * 0.012 * j(0.3),
        OTHER_CUR_LIAB: revenue * 0.02 * j(0.3),
      };
      const operatingTotal = sumOf(Object.values(operating));
      const operatingScale = operatingTotal > liabilities * 0.9 ? (liabilities * 0.7) / operatingTotal : 1;
      const borrowing = liabilities - operatingTotal * operatingScale;
      const weights: StatementLines = {
        ...Object.fromEntries(
          Object.entries(operating).map(([code, value]) => [code, value * operatingScale]),
        ),
        ST_BORROW: borrowing * 0.38 * j(0.3),
        LT_BORROW: borrowing * 0.38 * j(0.3),
        BONDS_PAYABLE: borrowing * 0.12 * j(0.5),
        LEASE_LIAB: borrowing * 0.04 * j(0.5),
        OTHER_NON_CUR_LIAB: borrowing * 0.08 * j(0.3),
      };
      const liabilityLines = fill(liabilities, weights, 'OTHER_NON_CUR_LIAB');
      const currentLiabilityCodes = Object.keys(operating).concat('ST_BORROW');
      const totalCurrentLiabilities = sumOf(currentLiabilityCodes.map((code) => liabilityLines[code] ?? 0));
      const totalCurrent = sumOf(Object.values(currentLines));
      const totalNonCurrent = sumOf(Object.values(nonCurrentLines));
      return Object.assign(currentLines, nonCurrentLines, liabilityLines, equity, {
        TOT_CUR_ASSETS: totalCurrent,
        TOT_NON_CUR_ASSETS: totalNonCurrent,
        TOT_ASSETS: totalCurrent + totalNonCurrent,
        TOT_CUR_LIAB: totalCurrentLiabilities,
        TOT_NON_CUR_LIAB: liabilities - totalCurrentLiabilities,
        TOT_LIAB: liabilities,
      });
    });
  }

  /** Cash and cash equivalents at a period end, read from that balance sheet. */
  function cashAt(period: number): number {
    const lines = balance(period);
    const get = (code: string) => lines[code] ?? 0;
    if (kind === 'bank')
      return Math.round(get('CASH_DEPOSITS_CENTRAL_BANK') * 0.3 + get('ASSET_DEP_OTH_BANKS_FIN_INST') * 0.8);
    if (kind === 'broker') return Math.round(get('MONETARY_CAP') * 0.85 + get('SETTLE_RSRV'));
    return get('MONETARY_CAP') - Math.round(get('MONETARY_CAP') * restrictedShare);
  }

  function cashFlow(period: number): StatementLines {
    const random = stream(`cash|${period}`);
    const year = yearOf(period);
    const quarter = quarterOf(period);
    const { lines: incomeLines } = income(period);
    const get = (code: string) => incomeLines[code] ?? 0;
    const revenue = Math.abs(get('TOT_OPER_REV'));
    const netProfit = get('NET_PROFIT_INCL_MIN_INT_INC');
    const assets = balance(period).TOT_ASSETS ?? 0;
    const opening = cashAt(yearEnd(year - 1));
    const closing = cashAt(period);
    const fx = Math.round(opening * between(random, -0.002, 0.004));
    const lines: StatementLines = {
      CASH_CASH_EQU_BEG_PERIOD: opening,
      CASH_CASH_EQU_END_PERIOD: closing,
      NET_INCR_CASH_CASH_EQU: closing - opening,
      EFF_FX_FLU_CASH: fx,
    };
    const amount = (value: number, spread = 0.1) => Math.max(0, Math.round(value * jitter(random, spread)));
    const elapsed = quarter / 4;
    let operating: number;
    let investing: number;
    if (!isFinance) {
      operating =
        netProfit > 0
          ? Math.round(netProfit * cashConversion * jitter(random, 0.35))
          : Math.round(revenue * between(random, -0.06, 0.04));
      const capex = amount(revenue * traits.capex, 0.3);
      const withdrawn = amount(revenue * between(random, 0, 0.06));
      settleActivity(
        lines,
        operating,
        {
          CASH_RECP_SG_AND_RS: amount(revenue * 1.08, 0.04),
          RECP_TAX_RENDS: amount(revenue * 0.004, 0.5),
          OTHER_CASH_RECP_RAL_OPER_ACT: amount(revenue * 0.01, 0.5),
        },
        {
          CASH_PAY_GOODS_PURCH_SERV_REC: amount(get('LESS_OPER_COST') * 1.02, 0.06),
          CASH_PAY_BEH_EMPL: amount(revenue * employeeCost, 0.08),
          PAY_ALL_TYP_TAX: amount(
            (get('LESS_TAXES_SURCHARGES_OPS') + get('INC_TAX')) * 1.4 + revenue * 0.02,
            0.1,
          ),
        },
        'OTHER_CASH_RECP_RAL_OPER_ACT',
        'OTHER_CASH_PAY_RAL_OPER_ACT',
        Math.round(revenue * 0.01),
      );
      investing = -capex + Math.round(revenue * between(random, -0.03, 0.02));
      settleActivity(
        lines,
        investing,
        {
          CASH_RECP_DISP_WITHDRWL_INVEST: withdrawn,
          CASH_RECP_RETURN_INVEST: amount(Math.max(0, get('INVEST_INC')) * 0.8, 0.2),
          NET_CASH_RECP_DISP_FIOLTA: amount(revenue * 0.001, 0.8),
          OTHER_CASH_RECP_RAL_INV_ACT: amount(revenue * 0.002, 0.8),
        },
        { CASH_PAY_ACQ_CONST_FIOLTA: capex, CASH_PAID_INVEST: amount(withdrawn, 0.3) },
        'OTHER_CASH_RECP_RAL_INV_ACT',
        'OTHER_CASH_PAY_RAL_INV_ACT',
        Math.round(revenue * 0.001),
      );
    } else {
      operating = Math.round(assets * between(random, -0.015, 0.035) * elapsed);
      const receipts: Record<CompanyKind, Record<string, number>> = {
        bank: {
          NET_INCR_DEP_COB: amount(assets * 0.04 * elapsed, 0.4),
          NET_INCR_INT_HANDLING_CHRG: amount(revenue * 1.6),
          OTHER_CASH_RECP_RAL_OPER_ACT: amount(revenue * 0.05, 0.5),
        },
        insurer: {
          CASH_RECP_PREM_ORIG_INCO: amount(revenue * 0.95),
          NET_INCR_INSURED_DEP: amount(revenue * 0.06, 0.4),
          OTHER_CASH_RECP_RAL_OPER_ACT: amount(revenue * 0.03, 0.5),
        },
        broker: {
          NET_INCR_INT_HANDLING_CHRG: amount(revenue * 0.9),
          NET_INCR_AGENCY_SEC: amount(assets * 0.02 * elapsed, 0.9),
          NET_INCR_REPURCH_BUS_FUND: amount(assets * 0.015 * elapsed, 0.9),
          OTHER_CASH_RECP_RAL_OPER_ACT: amount(revenue * 0.05, 0.5),
        },
        general: {},
      };
      const payments: Record<CompanyKind, Record<string, number>> = {
        bank: {
          NET_INCR_CLIENTS_LOAN_ADV: amount(assets * 0.045 * elapsed, 0.4),
          HANDLING_CHRG_PAID: amount(revenue * 0.7),
          CASH_PAY_BEH_EMPL: amount(revenue * 0.15),
          PAY_ALL_TYP_TAX: amount(revenue * 0.08),
        },
        insurer: {
          CASH_PAY_CLAIMS_ORIG_INCO: amount(revenue * 0.35),
          HANDLING_CHRG_PAID: amount(revenue * 0.08),
          CASH_PAY_BEH_EMPL: amount(revenue * 0.06),
          PAY_ALL_TYP_TAX: amount(revenue * 0.03),
        },
        broker: {
          NET_INCR_TRADING_FIN_ASSETS: amount(assets * 0.03 * elapsed, 0.9),
          HANDLING_CHRG_PAID: amount(revenue * 0.15),
          CASH_PAY_BEH_EMPL: amount(revenue * 0.3),
          PAY_ALL_TYP_TAX: amount(revenue * 0.06),
        },
        general: {},
      };
      settleActivity(
        lines,
        operating,
        receipts[kind],
        payments[kind],
        'OTHER_CASH_RECP_RAL_OPER_ACT',
        'OTHER_CASH_PAY_RAL_OPER_ACT',
        Math.round(revenue * 0.02),
      );
      const withdrawn = amount(assets * 0.06 * elapsed, 0.3);
      investing = -Math.round(assets * between(random, -0.01, 0.03) * elapsed);
      settleActivity(
        lines,
        investing,
        {
          CASH_RECP_DISP_WITHDRWL_INVEST: withdrawn,
          CASH_RECP_RETURN_INVEST: amount(Math.max(0, get('INVEST_INC')) * 0.7, 0.2),
          OTHER_CASH_RECP_RAL_INV_ACT: amount(revenue * 0.01, 0.8),
        },
        {
          CASH_PAY_ACQ_CONST_FIOLTA: amount(revenue * 0.02, 0.4),
          CASH_PAID_INVEST: amount(withdrawn, 0.3),
        },
        'OTHER_CASH_RECP_RAL_INV_ACT',
        'OTHER_CASH_PAY_RAL_INV_ACT',
        Math.round(revenue * 0.005),
      );
    }
    const financing = closing - opening - operating - investing - fx;
    const borrowed = amount(assets * (isFinance ? 0.02 : 0.05) * elapsed, 0.4);
    const lastYearProfit = income(yearEnd(year - 1)).lines.NET_PROFIT_EXCL_MIN_INT_INC ?? 0;
    settleActivity(
      lines,
      financing,
      {
        CASH_RECP_CAP_CONTRIB: random() < 0.8 ? 0 : amount(equityAt(period) * 0.03, 0.5),
        CASH_RECP_BORROW: borrowed,
        PROC_ISSUE_BONDS: random() < 0.5 ? 0 : amount(assets * 0.01 * elapsed, 0.5),
        OTHER_CASH_RECP_RAL_FNC_ACT: amount(revenue * 0.003, 0.8),
      },
      {
        CASH_PREPAY_AMT_BORR: amount(borrowed, 0.25),
        // Dividends on last year's profit are paid from the half year on.
        CASH_PAY_DIST_DPCP_INT_EXP:
          quarter >= 2 ? amount(Math.max(0, lastYearProfit) * 0.35, 0.2) : amount(revenue * 0.002, 0.5),
      },
      'OTHER_CASH_RECP_RAL_FNC_ACT',
      'OTHER_CASH_PAY_RAL_FNC_ACT',
      Math.round(revenue * 0.002),
    );
    lines.NET_CASH_FLOWS_OPER_ACT = operating;
    lines.NET_CASH_FLOWS_INV_ACT = investing;
    lines.NET_CASH_FLOWS_FNC_ACT = financing;
    return lines;
  }

  return {
    kind,
    isFinance,
    document(period: number): StatementDocument {
      const { lines, segmentCost } = income(period);
      const document: StatementDocument = {
        isFinance,
        income: lines,
        cashFlow: cashFlow(period),
        balance: balance(period),
      };
      if (!isFinance) {
        document.segmentCost = segmentCost;
        document.names = Object.fromEntries(
          segmentNames.map((name, index) => [`SEG_${String(index + 1).padStart(2, '0')}`, name]),
        );
      }
      return document;
    },
  };
}

/** Scale for a stock without fundamentals (not in the demo market; tests of the generator alone). */
export function fallbackAnchor(seed: number, company: StatementCompany, period: number): StatementAnchor {
  const random = streams(seed, company.code)('fallback');
  const shares = company.totalShares ?? 1e9;
  const marketCap = shares * between(random, 4, 60);
  return {
    period,
    revenueTtm: marketCap / between(random, 0.5, 8),
    netProfitTtm: (random() < 0.1 ? -1 : 1) * (marketCap / between(random, 8, 60)),
    equity: marketCap / between(random, 0.6, 6),
    grossMargin: between(random, 0.12, 0.72),
  };
}

/** The day in Asia/Shanghai (UTC+8, no daylight saving) as YYYYMMDD. */
export function shanghaiDay(now: Date): DayNumber {
  const local = new Date(now.getTime() + 8 * 3600_000);
  return local.getUTCFullYear() * 10000 + (local.getUTCMonth() + 1) * 100 + local.getUTCDate();
}

/**
 * Writes the statements the demo market lacks: on the first start every published period of every
 * A-share, on later starts only the periods published since. Rows already stored (also imported
 * ones) are left alone. `anchors` are the companies' latest fundamentals, which the statements are
 * scaled to. Returns the number of company-periods written.
 */
export async function writeDemoStatements(
  db: Kysely<Database>,
  statements: StatementsRepository,
  seed: number,
  companies: readonly StatementCompany[],
  anchors: ReadonlyMap<string, StatementAnchor>,
  now: Date,
): Promise<number> {
  const periods = demoStatementPeriods(now);
  const have = await statements.storedSince(periods[0] ?? 0);
  const rows: StatementRow[] = [];
  for (const company of companies) {
    const missing = periods.filter((period) => !have.has(statementKey(company.code, period)));
    if (missing.length === 0) continue;
    const anchor = anchors.get(company.code) ?? fallbackAnchor(seed, company, periods.at(-1) ?? 0);
    const generated = companyStatements(seed, company, anchor);
    for (const period of missing)
      rows.push({ code: company.code, period, document: generated.document(period), source: 'demo' });
  }
  if (rows.length === 0) return 0;
  await db.transaction().execute((trx) => statements.insertMissing(trx, rows));
  return rows.length;
}

/** The periods the demo keeps at `now`: the latest published one and those before it. */
export function demoStatementPeriods(now: Date): number[] {
  return periodsEndingAt(latestPublishedPeriod(shanghaiDay(now)));
}
