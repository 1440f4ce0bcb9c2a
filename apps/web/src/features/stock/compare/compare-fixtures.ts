import type { EndpointData } from '../../../platform/query/endpoint-query.ts';

/** Answers typed by the contract, for the comparison pages' component tests. */

export const stockCompareFixture: EndpointData<'stock.stockCompare'> = {
  list: [
    {
      code: '600519.SH',
      name: '贵州茅台',
      price: 1520.5,
      chgPct: 0.0137,
      marketCap: 1.91e12,
      pe: 28.53,
      pb: 9.1,
      roe: 0.3012,
      revenueTtm: 1.6e11,
      revenueYoy: 0.15,
      netProfitTtm: 8.2e10,
      netProfitYoy: 0.16,
      grossMargin: 0.91,
      debtRatio: 0.19,
      dividendYield: 0.021,
      reportPeriod: 20240630,
    },
    {
      code: '000858.SZ',
      name: '五粮液',
      price: 130.2,
      chgPct: -0.012,
      marketCap: 5.6e11,
      pe: 16.2,
      pb: 4.1,
      roe: 0.24,
      revenueTtm: 8.5e10,
      revenueYoy: 0.1,
      netProfitTtm: 3.1e10,
      netProfitYoy: -0.05,
      grossMargin: 0.75,
      debtRatio: 0.25,
      dividendYield: 0.035,
      reportPeriod: 20240630,
    },
  ],
};

export const dupontFixture: EndpointData<'stock.dupontCompare'> = {
  list: [
    {
      code: '600519.SH',
      name: '贵州茅台',
      isFinance: false,
      periods: [
        { period: 20240630, netMargin: 0.5, assetTurnover: 0.3, equityMultiplier: 1.2, roe: 0.18 },
        { period: 20240331, netMargin: 0.52, assetTurnover: 0.15, equityMultiplier: 1.25, roe: 0.0975 },
      ],
    },
    {
      code: '600036.SH',
      name: '招商银行',
      isFinance: true,
      periods: [{ period: 20240630, netMargin: 0.4, assetTurnover: 0.02, equityMultiplier: 11, roe: 0.088 }],
    },
  ],
};

export const searchFixture: EndpointData<'market.searchV4'> = {
  stocks: [
    { code: '000858.SZ', name: '五粮液', type: 'capital', pinyinInitials: 'wly', delisted: false },
    { code: '000568.SZ', name: '泸州老窖', type: 'capital', pinyinInitials: 'lzlj', delisted: false },
  ],
  hk: [],
  indices: [],
  funds: [
    {
      code: '161725.OF',
      name: '招商中证白酒指数(LOF)',
      type: 'fund_lof',
      pinyinInitials: 'zszzbj',
      delisted: false,
    },
  ],
};
