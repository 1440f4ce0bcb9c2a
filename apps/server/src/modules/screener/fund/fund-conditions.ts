/**
 * The fund condition catalogue (issue 18 item 3): each condition's flag, name, group, unit and how
 * its value is read from a fund's facts. Values are in the catalogue unit the wire carries (a return
 * of 12.5 is 12.5%, a size of 20 is 20 亿元), rounded to the decimals the screen shows, so a row's
 * shown value and the value the bounds were compared with are the same number.
 */

/** What the screen knows of one fund, computed once per NAV day (fund-screen-table.ts). */
export interface FundFacts {
  /** 股票型, 混合型, 债券型, 指数型…: the part of the fund's category before its sub-type. */
  category: string;
  company: string;
  /** Net assets, yuan (the fund page's 规模). */
  size: number;
  /** Years from inception to the newest NAV. */
  ageYears: number;
  /** Years the longest-serving current manager has run the fund; null when no manager is known. */
  tenureYears: number | null;
  /** Period returns as fractions (the fund page's grid); null where the fund is too young. */
  returns: Record<'m1' | 'm3' | 'm6' | 'y1' | 'y3' | 'ytd' | 'sinceInception', number | null>;
  /** 近1年 maximum drawdown, volatility (fractions) and Sharpe ratio; null under a year of NAVs. */
  maxDrawdown: number | null;
  volatility: number | null;
  sharpe: number | null;
  /** Yearly fees and the front-end load, fractions. */
  management: number;
  custody: number;
  purchase: number;
  /** 1–5 stars by the Sharpe ratio within the fund's category; null without a Sharpe ratio. */
  rating: number | null;
}

export type FundGroupKey = 'basic' | 'return' | 'risk' | 'fee' | 'rating';

export const fundGroups: readonly { key: FundGroupKey; name: string }[] = [
  { key: 'basic', name: '基本信息' },
  { key: 'return', name: '收益' },
  { key: 'risk', name: '风险' },
  { key: 'fee', name: '费率' },
  { key: 'rating', name: '评级' },
];

interface BaseCondition {
  flag: string;
  name: string;
  group: FundGroupKey;
  description: string;
}

export interface RangeCondition extends BaseCondition {
  kind: 'range';
  unit: string;
  decimals: number;
  value(facts: FundFacts): number | null;
}

export interface OptionsCondition extends BaseCondition {
  kind: 'options';
  value(facts: FundFacts): string;
}

export type FundConditionDefinition = RangeCondition | OptionsCondition;

function round(value: number | null, decimals: number): number | null {
  if (value === null || !Number.isFinite(value)) return null;
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
}

/** A fraction shown as a percent with two decimals. */
function percent(value: number | null): number | null {
  return value === null ? null : round(value * 100, 2);
}

const periodNames: readonly [keyof FundFacts['returns'], string, string][] = [
  ['m1', 'RET_M1', '近1月收益'],
  ['m3', 'RET_M3', '近3月收益'],
  ['m6', 'RET_M6', '近6月收益'],
  ['y1', 'RET_Y1', '近1年收益'],
  ['y3', 'RET_Y3', '近3年收益'],
  ['ytd', 'RET_YTD', '今年来收益'],
  ['sinceInception', 'RET_SINCE', '成立来收益'],
];

export const fundConditions: readonly FundConditionDefinition[] = [
  {
    flag: 'FUND_TYPE',
    name: '基金类型',
    group: 'basic',
    kind: 'options',
    description: '按基金合同的投资类别',
    value: (facts) => facts.category,
  },
  {
    flag: 'FUND_COMPANY',
    name: '基金公司',
    group: 'basic',
    kind: 'options',
    description: '管理基金的基金公司',
    value: (facts) => facts.company,
  },
  {
    flag: 'FUND_SIZE',
    name: '基金规模',
    group: 'basic',
    kind: 'range',
    unit: '亿元',
    decimals: 2,
    description: '最新份额 × 最新单位净值，与基金详情页一致',
    value: (facts) => round(facts.size / 1e8, 2),
  },
  {
    flag: 'FUND_AGE',
    name: '成立年限',
    group: 'basic',
    kind: 'range',
    unit: '年',
    decimals: 1,
    description: '成立日至最新净值日',
    value: (facts) => round(facts.ageYears, 1),
  },
  {
    flag: 'MANAGER_TENURE',
    name: '经理任职年限',
    group: 'basic',
    kind: 'range',
    unit: '年',
    decimals: 1,
    description: '现任基金经理中任职最久者管理本基金的年数',
    value: (facts) => round(facts.tenureYears, 1),
  },
  ...periodNames.map(
    ([period, flag, name]): RangeCondition => ({
      flag,
      name,
      group: 'return',
      kind: 'range',
      unit: '%',
      decimals: 2,
      description: '累计净值增长 ÷ 期初单位净值（分红不算亏损），与基金详情页的收益一致',
      value: (facts) => percent(facts.returns[period]),
    }),
  ),
  {
    flag: 'MAX_DRAWDOWN',
    name: '最大回撤',
    group: 'risk',
    kind: 'range',
    unit: '%',
    decimals: 2,
    description: '近1年净值从高点到其后低点的最大跌幅',
    value: (facts) => percent(facts.maxDrawdown),
  },
  {
    flag: 'SHARPE',
    name: '夏普比率',
    group: 'risk',
    kind: 'range',
    unit: '',
    decimals: 2,
    description: '近1年（年化收益 − 无风险利率1.5%）÷ 年化波动率',
    value: (facts) => round(facts.sharpe, 2),
  },
  {
    flag: 'VOLATILITY',
    name: '波动率',
    group: 'risk',
    kind: 'range',
    unit: '%',
    decimals: 2,
    description: '近1年日收益率的标准差，按每年250个交易日年化',
    value: (facts) => percent(facts.volatility),
  },
  {
    flag: 'FEE_MANAGE',
    name: '管理费率',
    group: 'fee',
    kind: 'range',
    unit: '%',
    decimals: 2,
    description: '每年从基金资产中计提',
    value: (facts) => percent(facts.management),
  },
  {
    flag: 'FEE_CUSTODY',
    name: '托管费率',
    group: 'fee',
    kind: 'range',
    unit: '%',
    decimals: 2,
    description: '每年从基金资产中计提',
    value: (facts) => percent(facts.custody),
  },
  {
    flag: 'FEE_PURCHASE',
    name: '申购费率',
    group: 'fee',
    kind: 'range',
    unit: '%',
    decimals: 2,
    description: '100万元以下的申购费率（C类份额不收申购费）',
    value: (facts) => percent(facts.purchase),
  },
  {
    flag: 'RATING',
    name: '知财评级',
    group: 'rating',
    kind: 'range',
    unit: '星',
    decimals: 0,
    description:
      '同类基金中按近1年夏普比率排名：前10%五星，其后22.5%四星，中间35%三星，再22.5%两星，末10%一星',
    value: (facts) => facts.rating,
  },
];

export const fundConditionsByFlag: ReadonlyMap<string, FundConditionDefinition> = new Map(
  fundConditions.map((condition) => [condition.flag, condition]),
);

/**
 * Stars by a rank within a peer group (rank 0 best of `count`): the bell-shaped split fund raters
 * use, 10% / 22.5% / 35% / 22.5% / 10% from five stars down.
 */
export function starsOfRank(rank: number, count: number): number {
  const share = (rank + 0.5) / count;
  if (share <= 0.1) return 5;
  if (share <= 0.325) return 4;
  if (share <= 0.675) return 3;
  if (share <= 0.9) return 2;
  return 1;
}
