import { api, type Quote } from '@zhicai/contract';
import { flatQuoteOf } from '../../testing/quote-fixtures.ts';

/** Demo answers of the ETF endpoints for component tests, each parsed by its contract schema. */

export function etfQuote(code: string, overrides: Partial<Quote>): Quote {
  const [quote] = api.market.realTime.datas.parse([
    flatQuoteOf(code, {
      name: '沪深300ETF',
      type: 'fund_onside',
      price: 3.912,
      prevClose: 3.85,
      open: 3.86,
      high: 3.95,
      low: 3.84,
      volume: 512_345_678,
      amount: 2_003_456_789,
      chg: 0.062,
      chgPct: 0.0161,
      amplitude: 0.0286,
      turnoverRate: 0.0123,
      limitUp: null,
      limitDown: null,
      pe: null,
      pb: null,
      marketCap: null,
      floatMarketCap: null,
      ...overrides,
    }),
  ]);
  if (!quote) throw new Error('no quote');
  return quote;
}

export const holdAllFixture = api.etf.holdAll.datas.parse({
  list: Array.from({ length: 15 }, (_, index) => ({
    code: index === 0 ? '600519.SH' : `6000${String(index).padStart(2, '0')}.SH`,
    name: index === 0 ? '贵州茅台' : `成分股${index}`,
    holdScale: index === 0 ? 5.67 : 5 - index * 0.2,
    kind: 'security',
  })),
});

export const swMapFixture = api.index.swMap.datas.parse({
  sw1Count: 3,
  sw2Count: 0,
  sw3Count: 0,
  sw1: [
    { code: '801180', capitalOrIndex: '801180.ZSI', name: '房地产', weight: 2.5 },
    { code: '801780', capitalOrIndex: '801780.ZSI', name: '银行', weight: 12.5 },
    { code: '801120', capitalOrIndex: '801120.ZSI', name: '食品饮料', weight: 10.25 },
  ],
  sw2: [],
  sw3: [],
});

export const linkFundFixture = api.etf.linkFund.datas.parse({
  etfs: [{ code: '159919.SZ', name: '嘉实沪深300ETF', similar: 0.9876 }],
  linkFunds: [{ code: '460300.OF', name: '华泰柏瑞沪深300ETF联接A' }],
});

export const minutesFixture = api.market.subscribeShare.datas.parse([
  ['20240628', 3.86, 1000, 3860, 930, 3.86],
  ['20240628', 3.9, 2000, 7800, 931, 3.88],
]);

export const dayKFixture = api.market.dayKV2.datas.parse({
  list: [
    [20240627, 3.8, 3.81, 3.86, 3.79, 3.85, 1e8, 3.85e8],
    [20240628, 3.85, 3.86, 3.95, 3.84, 3.912, 1.2e8, 4.6e8],
  ],
  factors: [[20240627, 1]],
  floatShares: [[20240627, 9e10]],
});

/** 510300 tracks 沪深300; its previous NAV 3.9 moved by the index's +1% gives IOPV 3.939. */
export const valuationFixture = api.etf.valuation.datas.parse({
  index: { code: '000300.SH', name: '沪深300' },
  follows: '000300.SH',
  navDay: 20261119,
  previousNav: 3.9,
  iopv: 3.9,
  premiumRate: 0.003077,
});

export function indexQuote(code: string, overrides: Partial<Quote> = {}): Quote {
  const [quote] = api.market.realTime.datas.parse([
    flatQuoteOf(code, { name: '沪深300', type: 'index_hs', price: 4545, prevClose: 4500, ...overrides }),
  ]);
  if (!quote) throw new Error('no quote');
  return quote;
}
