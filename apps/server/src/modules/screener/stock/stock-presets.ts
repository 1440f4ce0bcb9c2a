import type { StockConditionGroup } from '@zhicai/contract';

/**
 * Named screens in the request shape select takes: the editor's presets (listCommentTags), the
 * recommended screens (recommend) and the market pages' quick screens (capital/screen). Bounds are in
 * each condition's unit (percentage points for %, yuan for amounts).
 */
export interface StockPreset {
  id: string;
  tag: string;
  description: string;
  group: StockConditionGroup;
  request: Record<string, string | number>;
  recommended: boolean;
}

export const stockPresets: readonly StockPreset[] = [
  {
    id: 'low-pe',
    tag: '低市盈率',
    description: '市盈率(TTM) 0–15 倍，剔除ST',
    group: '估值',
    request: { seqFlags: 'PE_TTM,BASIC_ST', PE_TTM_left: 0, PE_TTM_right: 15, basic_st: 1 },
    recommended: true,
  },
  {
    id: 'below-book',
    tag: '破净股',
    description: '市净率低于 1 倍',
    group: '估值',
    request: { seqFlags: 'PB', PB_left: 0, PB_right: 1 },
    recommended: false,
  },
  {
    id: 'high-growth',
    tag: '业绩高增长',
    description: '营收增速不低于 20%，净利增速不低于 30%',
    group: '财务',
    request: {
      seqFlags: 'REVENUE_GROWTH,PROFIT_GROWTH',
      REVENUE_GROWTH_left: 20,
      REVENUE_GROWTH_right: 'Infinity',
      PROFIT_GROWTH_left: 30,
      PROFIT_GROWTH_right: 'Infinity',
    },
    recommended: true,
  },
  {
    id: 'high-roe',
    tag: '高ROE',
    description: '净资产收益率(TTM) 不低于 15%，资产负债率不高于 60%',
    group: '财务',
    request: {
      seqFlags: 'ROE,DEBT_RATIO',
      ROE_left: 15,
      ROE_right: 'Infinity',
      DEBT_RATIO_left: 0,
      DEBT_RATIO_right: 60,
    },
    recommended: true,
  },
  {
    id: 'above-all-ma',
    tag: '站上所有均线',
    description: '股价同时站上 5、20、60 日均线',
    group: '技术',
    request: {
      seqFlags: 'MA_POS_5,MA_POS_20,MA_POS_60',
      MA_POS_5_left: 0,
      MA_POS_5_right: 'Infinity',
      MA_POS_20_left: 0,
      MA_POS_20_right: 'Infinity',
      MA_POS_60_left: 0,
      MA_POS_60_right: 'Infinity',
    },
    recommended: true,
  },
  {
    id: 'new-high-60',
    tag: '创60日新高',
    description: '最新价创近 60 日收盘新高',
    group: '技术',
    request: { seqFlags: 'NEW_HIGH_60', NEW_HIGH_60_left: 1 },
    recommended: false,
  },
  {
    id: 'macd-golden',
    tag: 'MACD金叉',
    description: 'DIF 今日上穿 DEA',
    group: '技术',
    request: { seqFlags: 'MACD_GOLDEN_CROSS', MACD_GOLDEN_CROSS_left: 1 },
    recommended: false,
  },
  {
    id: 'strong-rps',
    tag: '强势股',
    description: 'RPS120 不低于 90：近 120 日涨幅居全市场前 10%',
    group: '技术',
    request: { seqFlags: 'RPS_120', RPS_120_left: 90, RPS_120_right: 100 },
    recommended: true,
  },
  {
    id: 'volume-surge',
    tag: '放量',
    description: '量比不低于 2 倍',
    group: '行情',
    request: { seqFlags: 'VOLUME_RATIO', VOLUME_RATIO_left: 2, VOLUME_RATIO_right: 'Infinity' },
    recommended: false,
  },
  {
    id: 'large-cap',
    tag: '千亿市值',
    description: '总市值不低于 1000 亿元',
    group: '行情',
    request: { seqFlags: 'MARKET_CAP', MARKET_CAP_left: 100_000_000_000, MARKET_CAP_right: 'Infinity' },
    recommended: false,
  },
];
