import type { StrategyConditions, StrategyKind } from '@zhicai/contract';

/**
 * The house strategies (官方策略) as they ship: written into the strategies table at start by
 * their key, so a renamed or re-conditioned one reaches every database, and shown to everyone.
 * The flags are the screening catalogue's (select/listSelectInfo), bounds in its units.
 */
export interface HouseStrategy {
  key: string;
  kind: StrategyKind;
  name: string;
  description: string;
  conditions: StrategyConditions;
}

export const houseStrategies: readonly HouseStrategy[] = [
  {
    key: 'stock-value-dividend',
    kind: 'stock',
    name: '低估值高股息',
    description: '市盈率 15 倍以下、股息率 3% 以上，剔除 ST',
    conditions: {
      seqFlags: ['PE_TTM', 'DIVIDEND_YIELD', 'BASIC_ST'],
      PE_TTM_left: 0,
      PE_TTM_right: 15,
      DIVIDEND_YIELD_left: 3,
      DIVIDEND_YIELD_right: 'Infinity',
      basic_st: 0,
    },
  },
  {
    key: 'stock-growth',
    kind: 'stock',
    name: '业绩高增长',
    description: '近四季营收同比增长 20% 以上、净利润同比增长 30% 以上',
    conditions: {
      seqFlags: ['REVENUE_YOY', 'NET_PROFIT_YOY'],
      REVENUE_YOY_left: 20,
      REVENUE_YOY_right: 'Infinity',
      NET_PROFIT_YOY_left: 30,
      NET_PROFIT_YOY_right: 'Infinity',
    },
  },
  {
    key: 'stock-ma-bull',
    kind: 'stock',
    name: '均线多头',
    description: '股价站上 5、20、60 日均线，且 5 日线在 20 日线之上',
    conditions: { seqFlags: ['MA_BULL', 'BASIC_ST'], basic_st: 0 },
  },
  {
    key: 'stock-low-pb',
    kind: 'stock',
    name: '破净股',
    description: '市净率低于 1 倍，剔除 ST',
    conditions: { seqFlags: ['PB', 'BASIC_ST'], PB_left: 0, PB_right: 1, basic_st: 0 },
  },
  {
    key: 'stock-blue-chip',
    kind: 'stock',
    name: '大盘蓝筹',
    description: '总市值 1000 亿以上、市盈率 30 倍以下',
    conditions: {
      seqFlags: ['TOTAL_MV', 'PE_TTM'],
      TOTAL_MV_left: 1000,
      TOTAL_MV_right: 'Infinity',
      PE_TTM_left: 0,
      PE_TTM_right: 30,
    },
  },
  {
    key: 'stock-strong',
    kind: 'stock',
    name: '今日强势',
    description: '当日涨幅 5% 以上、换手率 3% 以上',
    conditions: {
      seqFlags: ['CHG_PCT', 'TURNOVER'],
      CHG_PCT_left: 5,
      CHG_PCT_right: 'Infinity',
      TURNOVER_left: 3,
      TURNOVER_right: 'Infinity',
    },
  },
  {
    key: 'fund-steady',
    kind: 'fund',
    name: '长期绩优',
    description: '近三年收益 30% 以上、近一年最大回撤小于 15%',
    conditions: {
      seqFlags: ['RETURN_3Y', 'MAX_DRAWDOWN_1Y'],
      RETURN_3Y_left: 30,
      RETURN_3Y_right: 'Infinity',
      MAX_DRAWDOWN_1Y_left: 0,
      MAX_DRAWDOWN_1Y_right: 15,
    },
  },
  {
    key: 'fund-today-leaders',
    kind: 'fund',
    name: '今日领涨',
    description: '当日涨幅 1% 以上的基金',
    conditions: { seqFlags: ['CHG_PCT'], CHG_PCT_left: 1, CHG_PCT_right: 'Infinity' },
  },
];
