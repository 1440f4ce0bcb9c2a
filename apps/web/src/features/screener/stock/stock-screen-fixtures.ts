import type { ScreenCriterion, StockCondition } from '@zhicai/contract';
import type { EndpointData } from '../../../platform/query/endpoint-query.ts';

/**
 * The stock screen's answers as the tests of the screen and strategy pages stub them: one catalogue
 * condition of each kind and a page of select results, each overridable where a case is about it.
 */

/** 市盈率(TTM) as listSelectInfo describes it: 390 stocks from 0.5 to 400 倍, twenty buckets of 5 倍 over 0–100. */
export function peConditionFixture(overrides: Partial<StockCondition> = {}): StockCondition {
  return {
    code: 'PE_TTM',
    name: '市盈率(TTM)',
    group: '估值',
    kind: 'range',
    unit: '倍',
    description: '总市值 ÷ 近四季归母净利润；亏损为空',
    live: true,
    min: 0.5,
    max: 400,
    count: 390,
    histogram: Array.from({ length: 20 }, (_, index) => ({
      from: index * 5,
      to: (index + 1) * 5,
      count: 10,
    })),
    options: [],
    ...overrides,
  };
}

/** A choice of the 板块 group (上市板块, 申万二级行业…): its options as listed, over 400 stocks. */
export function choiceConditionFixture(
  code: string,
  name: string,
  options: StockCondition['options'],
): StockCondition {
  return {
    code,
    name,
    group: '板块',
    kind: 'choice',
    unit: '',
    description: name,
    live: false,
    min: null,
    max: null,
    count: 400,
    histogram: [],
    options,
  };
}

/** listSelectInfo over 400 stocks: the conditions in their groups, in the order given. */
export function catalogueFixture(
  conditions: readonly StockCondition[],
  tradingDay = 20261120,
): EndpointData<'screener.listSelectInfo'> {
  const groups = [...new Set(conditions.map((condition) => condition.group))];
  return {
    tradingDay,
    universe: 400,
    groups: groups.map((group) => ({
      group,
      conditions: conditions.filter((condition) => condition.group === group),
    })),
  };
}

/** A range criterion as select echoes it: 市盈率(TTM) between the bounds (null: open). */
export function peCriterion(left: number | null, right: number | null): ScreenCriterion {
  return { code: 'PE_TTM', name: '市盈率(TTM)', kind: 'range', unit: '倍', left, right, options: [] };
}

/** A select answer: 浦发银行 alone, matching 市盈率(TTM) 0–15 at 5.5 倍, sorted by it; override the rest. */
export function screenPageFixture(
  overrides: Partial<EndpointData<'screener.select'>> = {},
): EndpointData<'screener.select'> {
  return {
    tradingDay: 20261120,
    total: 1,
    page: 1,
    size: 30,
    sortFlag: 'PE_TTM',
    sortOrder: 'desc',
    criteria: [peCriterion(0, 15)],
    list: [{ code: '600000.SH', name: '浦发银行', price: 10, chgPct: 0.01, values: [5.5] }],
    ...overrides,
  };
}
