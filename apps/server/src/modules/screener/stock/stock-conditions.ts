import type { StockConditionGroup, StockConditionKind } from '@zhicai/contract';
import { extremePeriods, maPeriods, returnPeriods } from './technical-figures.ts';

/**
 * The conditions of the stock screen (issue 18 item 1): code, Chinese name, group, unit and how each
 * figure is made. 资金 holds the north-bound holdings the market provider gives (northBoundHoldings);
 * main-force flows are not here, the market makes no such figure.
 */
export interface ConditionDefinition {
  code: string;
  name: string;
  group: StockConditionGroup;
  kind: StockConditionKind;
  unit: string;
  /** Decimals a figure is shown and answered with. */
  decimals: number;
  /** Moves with the live quote (true) or computed once per close (false). */
  live: boolean;
  description: string;
}

const range = (
  group: StockConditionGroup,
  code: string,
  name: string,
  unit: string,
  decimals: number,
  live: boolean,
  description: string,
): ConditionDefinition => ({ code, name, group, kind: 'range', unit, decimals, live, description });

const flag = (code: string, name: string, description: string): ConditionDefinition => ({
  code,
  name,
  group: '技术',
  kind: 'flag',
  unit: '',
  decimals: 0,
  live: true,
  description,
});

const choice = (code: string, name: string, description: string): ConditionDefinition => ({
  code,
  name,
  group: '板块',
  kind: 'choice',
  unit: '',
  decimals: 0,
  live: false,
  description,
});

/** A 评分 condition: 0–10, one decimal, as the diagnosis card shows it (docs/stock-diagnosis.md). */
const score = (code: string, name: string, description: string): ConditionDefinition =>
  range('评分', code, name, '分', 1, false, `0–10分；${description}；每个交易日计算一次`);

const liveNote = '盘中随实时行情变化，收盘后为收盘数据';
const closeNote = '以最新一期财报计，每日收盘后更新';

const northBoundNote = '陆股通（沪股通、深股通）持股，仅沪深主板非ST的大中盘股；每日收盘后更新';

/** The 资金 conditions: the north-bound holdings' figures (MarketProvider.northBoundHoldings). */
const northBoundConditions = [
  range('资金', 'NORTH_RATIO', '北向持股比例', '%', 2, false, `北向持股 ÷ 流通股本；${northBoundNote}`),
  ...([5, 20] as const).map((n) =>
    range(
      '资金',
      `NORTH_CHG_${n}D`,
      `北向持股变化(${n}日)`,
      '%',
      2,
      false,
      `北向持股比例较${n}个交易日前的变化，单位为百分点；${northBoundNote}`,
    ),
  ),
];

export const conditionDefinitions: readonly ConditionDefinition[] = [
  range('行情', 'PRICE', '股价', '元', 2, true, `最新价；${liveNote}`),
  range('行情', 'CHG_1D', '今日涨跌幅', '%', 2, true, `最新价相对昨收；${liveNote}`),
  range('行情', 'CHG_5D', '5日涨跌幅', '%', 2, true, `近5个交易日（含今日）复权涨跌幅；${liveNote}`),
  range('行情', 'CHG_20D', '20日涨跌幅', '%', 2, true, `近20个交易日（含今日）复权涨跌幅；${liveNote}`),
  range('行情', 'CHG_60D', '60日涨跌幅', '%', 2, true, `近60个交易日（含今日）复权涨跌幅；${liveNote}`),
  range('行情', 'AMOUNT', '成交额', '元', 0, true, `今日累计成交额；${liveNote}`),
  range('行情', 'TURNOVER_RATE', '换手率', '%', 2, true, `成交量 ÷ 流通股本；${liveNote}`),
  range('行情', 'VOLUME_RATIO', '量比', '倍', 2, true, `每分钟成交量 ÷ 前5日每分钟均量；${liveNote}`),
  range('行情', 'AMPLITUDE', '振幅', '%', 2, true, `(最高 − 最低) ÷ 昨收；${liveNote}`),
  range('行情', 'MARKET_CAP', '总市值', '元', 0, true, `最新价 × 总股本；${liveNote}`),
  range('行情', 'FLOAT_MARKET_CAP', '流通市值', '元', 0, true, `最新价 × 流通股本；${liveNote}`),
  range('估值', 'PE_TTM', '市盈率(TTM)', '倍', 2, true, '总市值 ÷ 近四季归母净利润；亏损为空'),
  range('估值', 'PB', '市净率', '倍', 2, true, '总市值 ÷ 最新一期净资产'),
  range('估值', 'PS_TTM', '市销率(TTM)', '倍', 2, true, '总市值 ÷ 近四季营业总收入'),
  range(
    '估值',
    'DIVIDEND_YIELD',
    '股息率(TTM)',
    '%',
    2,
    true,
    '近12个月每股现金分红 ÷ 最新价，与个股行情页的股息率一致',
  ),
  range(
    '估值',
    'PE_PERCENTILE_5Y',
    '市盈率近5年分位',
    '%',
    2,
    false,
    '当前市盈率(TTM)在近5年周度市盈率中的分位，与估值页近5年分位一致；每个交易日计算一次',
  ),
  range('财务', 'ROE', '净资产收益率(TTM)', '%', 2, false, `近四季净利润 ÷ 净资产；${closeNote}`),
  range('财务', 'GROSS_MARGIN', '毛利率', '%', 2, false, `毛利 ÷ 营业收入；${closeNote}`),
  range('财务', 'NET_MARGIN', '净利率(TTM)', '%', 2, false, `近四季净利润 ÷ 近四季营业总收入；${closeNote}`),
  range('财务', 'REVENUE_GROWTH', '营收增速', '%', 2, false, `近四季营业总收入同比；${closeNote}`),
  range(
    '财务',
    'PROFIT_GROWTH',
    '净利增速',
    '%',
    2,
    false,
    `近四季净利润同比（上年同期为正时）；${closeNote}`,
  ),
  range('财务', 'DEBT_RATIO', '资产负债率', '%', 2, false, `负债合计 ÷ 资产总计；${closeNote}`),
  range(
    '财务',
    'OPER_CASH_FLOW',
    '经营现金流(TTM)',
    '元',
    0,
    false,
    `近四季经营活动现金流量净额；${closeNote}`,
  ),
  ...maPeriods.map((n) =>
    range(
      '技术',
      `MA_POS_${n}`,
      `股价相对MA${n}`,
      '%',
      2,
      true,
      `(最新价 ÷ ${n}日均线 − 1)，正为站上均线；前复权`,
    ),
  ),
  flag('MA_GOLDEN_CROSS', 'MA5上穿MA10', '5日均线今日由下向上穿过10日均线'),
  flag('MA_DEAD_CROSS', 'MA5下穿MA10', '5日均线今日由上向下穿过10日均线'),
  flag('MACD_GOLDEN_CROSS', 'MACD金叉', 'MACD(12,26,9) 的 DIF 今日上穿 DEA'),
  flag('MACD_DEAD_CROSS', 'MACD死叉', 'MACD(12,26,9) 的 DIF 今日下穿 DEA'),
  ...extremePeriods.map((n) =>
    flag(`NEW_HIGH_${n}`, `创${n}日新高`, `最新价不低于近${n}日（含今日）最高收盘价；前复权`),
  ),
  ...extremePeriods.map((n) =>
    flag(`NEW_LOW_${n}`, `创${n}日新低`, `最新价不高于近${n}日（含今日）最低收盘价；前复权`),
  ),
  range('技术', 'UP_DAYS', '连涨天数', '天', 0, true, '截至今日连续上涨的交易日数'),
  range('技术', 'DOWN_DAYS', '连跌天数', '天', 0, true, '截至今日连续下跌的交易日数'),
  ...returnPeriods
    .filter((n) => n !== 5)
    .map((n) =>
      range(
        '技术',
        `RPS_${n}`,
        `RPS${n}`,
        '分',
        1,
        true,
        `${n}日涨跌幅在全部A股中的百分位（0–100，越高越强）`,
      ),
    ),
  score('SCORE_TOTAL', '综合评分', '公司、趋势、估值三项评分的平均'),
  score('SCORE_COMPANY', '公司评分', '成长、盈利能力与负债，规则见个股诊断'),
  score('SCORE_TREND', '趋势评分', '均线排列与近60日涨跌，规则见个股诊断'),
  score('SCORE_VALUE', '估值评分', '市盈率及其近5年分位，规则见个股诊断'),
  choice('PLATES', '上市板块', '沪市主板、深市主板、创业板、科创板、北交所'),
  choice('BASIC_ST', 'ST股', '剔除 ST 股，或只看 ST 股'),
  choice('SW_L1', '申万一级行业', '申万行业分类一级'),
  choice('SW_L2', '申万二级行业', '申万行业分类二级'),
  choice('SW_L3', '申万三级行业', '申万行业分类三级'),
  choice('CONCEPT', '概念板块', '所属概念板块'),
  choice('INDEX', '指数成分', '所属宽基指数成分股'),
  ...northBoundConditions,
];

export const conditionByCode: ReadonlyMap<string, ConditionDefinition> = new Map(
  conditionDefinitions.map((definition) => [definition.code, definition]),
);

/** PLATES options as the protocol numbers them (`plates:"1,2"`). */
export const plateOptions = [
  { value: '1', label: '沪市主板', board: 'sh' },
  { value: '2', label: '深市主板', board: 'sz' },
  { value: '3', label: '创业板', board: 'chinext' },
  { value: '4', label: '科创板', board: 'star' },
  { value: '5', label: '北交所', board: 'bj' },
] as const;

/** BASIC_ST options (`basic_st:1` leaves ST stocks out). */
export const stOptions = [
  { value: '1', label: '剔除ST', st: false },
  { value: '2', label: '只看ST', st: true },
] as const;
