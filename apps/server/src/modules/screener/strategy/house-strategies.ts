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
    name: '低估值高回报',
    description: '市盈率 15 倍以下、净资产收益率 12% 以上，剔除 ST',
    conditions: {
      seqFlags: ['PE_TTM', 'ROE', 'BASIC_ST'],
      PE_TTM_left: 0,
      PE_TTM_right: 15,
      ROE_left: 12,
      ROE_right: 'Infinity',
      basic_st: 1,
    },
  },
  {
    key: 'stock-growth',
    kind: 'stock',
    name: '业绩高增长',
    description: '近四季营收同比增长 20% 以上、净利润同比增长 30% 以上',
    conditions: {
      seqFlags: ['REVENUE_GROWTH', 'PROFIT_GROWTH'],
      REVENUE_GROWTH_left: 20,
      REVENUE_GROWTH_right: 'Infinity',
      PROFIT_GROWTH_left: 30,
      PROFIT_GROWTH_right: 'Infinity',
    },
  },
  {
    key: 'stock-ma-bull',
    kind: 'stock',
    name: '均线多头',
    description: '股价站上 5 日、20 日与 60 日均线，剔除 ST',
    conditions: {
      seqFlags: ['MA_POS_5', 'MA_POS_20', 'MA_POS_60', 'BASIC_ST'],
      MA_POS_5_left: 0,
      MA_POS_5_right: 'Infinity',
      MA_POS_20_left: 0,
      MA_POS_20_right: 'Infinity',
      MA_POS_60_left: 0,
      MA_POS_60_right: 'Infinity',
      basic_st: 1,
    },
  },
  {
    key: 'stock-low-pb',
    kind: 'stock',
    name: '破净股',
    description: '市净率低于 1 倍，剔除 ST',
    conditions: { seqFlags: ['PB', 'BASIC_ST'], PB_left: 0, PB_right: 1, basic_st: 1 },
  },
  {
    key: 'stock-blue-chip',
    kind: 'stock',
    name: '大盘蓝筹',
    description: '总市值 1000 亿以上、市盈率 30 倍以下',
    conditions: {
      seqFlags: ['MARKET_CAP', 'PE_TTM'],
      MARKET_CAP_left: 100_000_000_000,
      MARKET_CAP_right: 'Infinity',
      PE_TTM_left: 0,
      PE_TTM_right: 30,
    },
  },
  {
    key: 'stock-strong',
    kind: 'stock',
    name: '今日强势',
    description: '今日涨幅 5% 以上、换手率 3% 以上',
    conditions: {
      seqFlags: ['CHG_1D', 'TURNOVER_RATE'],
      CHG_1D_left: 5,
      CHG_1D_right: 'Infinity',
      TURNOVER_RATE_left: 3,
      TURNOVER_RATE_right: 'Infinity',
    },
  },
  {
    key: 'fund-steady',
    kind: 'fund',
    name: '长期绩优',
    description: '近三年收益 30% 以上、近一年最大回撤小于 15%',
    conditions: {
      seqFlags: ['RET_Y3', 'MAX_DRAWDOWN'],
      RET_Y3_left: 30,
      RET_Y3_right: 'Infinity',
      MAX_DRAWDOWN_left: 0,
      MAX_DRAWDOWN_right: 15,
    },
  },
  {
    key: 'fund-today-leaders',
    kind: 'fund',
    name: '近一月领涨',
    description: '近一月收益 5% 以上的基金',
    conditions: { seqFlags: ['RET_M1'], RET_M1_left: 5, RET_M1_right: 'Infinity' },
  },
];
