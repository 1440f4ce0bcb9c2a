import type { api, DatasOf, Quote } from '@zhicai/contract';
import { riseFallBucketLabels } from '@zhicai/domain';

/**
 * Stub answers for the market pages' component tests, typed by the contract so they keep the wire
 * shapes (the API stub also parses each answer with its endpoint schema).
 */

type Datas<K extends keyof typeof api.market> = DatasOf<(typeof api.market)[K]>;

const tradingDay = 20240628;

export function demoQuote(code: string, name: string, fields: Partial<Quote> = {}): Quote {
  const prevClose = fields.prevClose ?? 10;
  const price = fields.price ?? prevClose * 1.02;
  const chg = price - prevClose;
  return {
    code,
    name,
    type: 'capital',
    time: Date.UTC(2024, 5, 28, 7, 0),
    tradingDay,
    status: 'closed',
    price,
    prevClose,
    open: prevClose,
    high: price,
    low: prevClose,
    volume: 1_000_000,
    amount: 123_456_789,
    chg,
    chgPct: chg / prevClose,
    amplitude: 0.02,
    turnoverRate: 0.0123,
    limitUp: prevClose * 1.1,
    limitDown: prevClose * 0.9,
    pe: 20,
    pb: 3,
    marketCap: 1e11,
    floatMarketCap: 8e10,
    ...fields,
  };
}

export const indexQuotes: Quote[] = [
  demoQuote('000001.SH', '上证指数', { type: 'index_hs', prevClose: 2967.4, price: 2990.1 }),
  demoQuote('399001.SZ', '深证成指', { type: 'index_hs', prevClose: 8850.2, price: 8810.5 }),
  demoQuote('399006.SZ', '创业板指', { type: 'index_hs', prevClose: 1700, price: 1700 }),
  demoQuote('000300.SH', '沪深300', { type: 'index_hs', prevClose: 3461.7, price: 3480.3 }),
  demoQuote('000688.SH', '科创50', { type: 'index_hs', prevClose: 729.1, price: 725.4 }),
  demoQuote('HSI.HI', '恒生指数', { type: 'index_hk_hs', prevClose: 17716.5, price: 17718.6 }),
];

// A spread of counts: most stocks near zero, a few at the limits.
const bucketCounts = [12, 3, 5, 9, 20, 41, 88, 160, 402, 890, 64, 1010, 520, 230, 120, 60, 30, 15, 8, 6, 45];

export const marketSummary: Datas<'marketSummary'> = {
  tradingDay,
  rise_fall_stat: {
    r: bucketCounts.slice(11).reduce((sum, value) => sum + value, 0),
    f: bucketCounts.slice(0, 10).reduce((sum, value) => sum + value, 0),
    p: 64,
    list: riseFallBucketLabels.map((name, index) => ({ name, value: bucketCounts[index] ?? 0 })),
  },
  limitUp: 45,
  limitDown: 12,
  amount: 812_345_000_000,
  indices: indexQuotes,
};

function plate(code: string, name: string, chgPct: number, leader: string, leaderCode: string) {
  return {
    code,
    name,
    chgPct,
    riseCount: 80,
    fallCount: 20,
    amount: 35_600_000_000,
    leader: { code: leaderCode, name: leader, chgPct: chgPct * 3 },
  };
}

export const platesUp: Datas<'plateStatV2Page'> = {
  total: 31,
  list: [
    plate('801080.ZSI', '电子', 0.0312, '中芯国际', '688981.SH'),
    plate('801120.ZSI', '食品饮料', 0.021, '贵州茅台', '600519.SH'),
    plate('801780.ZSI', '银行', 0.015, '平安银行', '000001.SZ'),
  ],
};

export const platesDown: Datas<'plateStatV2Page'> = {
  total: 31,
  list: [
    plate('801730.ZSI', '电力设备', -0.0241, '宁德时代', '300750.SZ'),
    plate('801150.ZSI', '医药生物', -0.012, '恒瑞医药', '600276.SH'),
  ],
};

export const riseCapitals: Datas<'riseFallCapitals'> = [
  demoQuote('300750.SZ', '宁德时代', { prevClose: 180, price: 198 }),
  demoQuote('600519.SH', '贵州茅台', { prevClose: 1500, price: 1530 }),
  demoQuote('00700.HK', '腾讯控股', { type: 'hk', prevClose: 370, price: 377.4 }),
];

export const fallCapitals: Datas<'riseFallCapitals'> = [
  demoQuote('000001.SZ', '平安银行', { prevClose: 10.5, price: 9.45 }),
];

export const northSummary: Datas<'northSummary'> = {
  tradingDay,
  netInflow: 5_230_000_000,
  channels: [
    { name: '沪股通', netInflow: 3_100_000_000, buyAmount: 6e10, sellAmount: 5.69e10, quotaLeft: 4.9e10 },
    { name: '深股通', netInflow: -870_000_000, buyAmount: 5e10, sellAmount: 5.087e10, quotaLeft: 5.2e10 },
  ],
  series: [
    [930, 0],
    [1000, 1_200_000_000],
  ],
};

export const searchHits: Datas<'search'> = [
  { code: '600519.SH', name: '贵州茅台', type: 'capital', pinyinInitials: 'gzmt', delisted: false },
  { code: '00700.HK', name: '腾讯控股', type: 'hk', pinyinInitials: 'txkg', delisted: false },
  { code: '000001.SH', name: '上证指数', type: 'index_hs', pinyinInitials: 'szzs', delisted: false },
  { code: '510300.SH', name: '沪深300ETF', type: 'fund_onside', pinyinInitials: 'hs300etf', delisted: false },
  {
    code: '005827.OF',
    name: '易方达蓝筹精选混合',
    type: 'fund_outside',
    pinyinInitials: 'yfdlcjxhh',
    delisted: false,
  },
  {
    code: '161725.OF',
    name: '招商中证白酒指数(LOF)',
    type: 'fund_lof',
    pinyinInitials: 'zszzbjzs',
    delisted: false,
  },
];

export const rankNames: Datas<'getRankNames'> = [
  { id: 'stock-rise', name: '涨幅榜', kind: 'stock', sortLabel: '涨跌幅', figure: 'chgPct' },
  { id: 'stock-rise-5d', name: '5日涨幅榜', kind: 'stock', sortLabel: '5日涨幅', figure: 'gain' },
  { id: 'stock-turnover', name: '换手率榜', kind: 'stock', sortLabel: '换手率', figure: 'rate' },
  { id: 'stock-amount', name: '成交额榜', kind: 'stock', sortLabel: '成交额', figure: 'amount' },
  { id: 'fund-return-1y', name: '近一年收益榜', kind: 'fund', sortLabel: '近一年', figure: 'gain' },
  { id: 'manager-return', name: '基金经理年化回报', kind: 'manager', sortLabel: '年化回报', figure: 'gain' },
];

/** Fund managers as the manager ranking lists them: no price, their return, scale and years. */
export const managerRankRows: Datas<'getRank'>['list'] = [
  {
    rank: 1,
    code: 'M1001',
    name: '张坤',
    type: null,
    value: 0.2345,
    price: null,
    chgPct: null,
    subtitle: '易方达基金 · 在管 3 只',
    manager: { careerYears: 12.4, scale: 8.5e10, funds: 3 },
  },
  {
    rank: 2,
    code: 'M1002',
    name: '刘彦春',
    type: null,
    value: -0.0512,
    price: null,
    chgPct: null,
    subtitle: '景顺长城基金 · 在管 2 只',
    manager: { careerYears: 6.1, scale: null, funds: 2 },
  },
];

export function rankRows(page: number, count: number, offset = 0): Datas<'getRank'>['list'] {
  return Array.from({ length: count }, (_, i) => {
    const rank = (page - 1) * 20 + i + 1 + offset;
    return {
      rank,
      code: `${String(600000 + rank).padStart(6, '0')}.SH`,
      name: `示例股${rank}`,
      type: 'capital' as const,
      value: 0.3 - rank / 1000,
      price: 12.34,
      chgPct: 0.0123,
      subtitle: '电子',
    };
  });
}

export const levelTree: Datas<'getLevelTree'> = [
  {
    code: '801080',
    name: '电子',
    level: 1,
    children: [{ code: '801081', name: '半导体', level: 2, children: [] }],
  },
  { code: '801120', name: '食品饮料', level: 1, children: [] },
];

export const industryPlates: Datas<'plateStatV2Page'> = {
  total: 2,
  list: [
    plate('801080.ZSI', '电子', 0.0312, '中芯国际', '688981.SH'),
    plate('801780.ZSI', '银行', -0.01, '平安银行', '000001.SZ'),
  ],
};

export const industryQuotes: Quote[] = [
  demoQuote('801080.ZSI', '电子', { type: 'index_hy', prevClose: 3500, price: 3609.2 }),
  demoQuote('801780.ZSI', '银行', { type: 'index_hy', prevClose: 3100, price: 3069 }),
];
