import { api } from '@zhicai/contract';

/** Answers parsed by the contract, for the fund comparison pages' component tests. */

const returns = (y1: number | null) => ({
  w1: 0.01,
  m1: 0.02,
  m3: 0.05,
  m6: 0.08,
  y1,
  y2: null,
  y3: 0.3,
  y5: null,
  ytd: 0.04,
  sinceInception: 1.2,
});

export const fundCompareFixture = api.fund.fundCompare.datas.parse({
  list: [
    {
      code: '005827.OF',
      name: '易方达蓝筹精选混合',
      type: 'fund_outside',
      category: '混合型-偏股',
      company: '易方达',
      size: 41_200_000_000,
      inceptionDate: 20180905,
      navDate: 20240628,
      unitNav: 1.8765,
      managers: [{ id: 'M001', name: '张坤', since: 20180905 }],
      fees: { management: 0.015, custody: 0.0025, salesService: 0, purchase: 0.015 },
      returns: returns(-0.12),
      maxDrawdown: 0.25,
      volatility: 0.22,
      sharpe: -0.61,
      topHoldings: [
        { code: '600519.SH', name: '贵州茅台', weight: 0.0987 },
        { code: '00700.HK', name: '腾讯控股', weight: 0.0912 },
      ],
    },
    {
      code: '161725.OF',
      name: '招商中证白酒指数(LOF)',
      type: 'fund_lof',
      category: '指数型-股票',
      company: '招商',
      size: 60_000_000_000,
      inceptionDate: 20150527,
      navDate: 20240628,
      unitNav: 0.9,
      managers: [{ id: 'M002', name: '侯昊', since: 20170825 }],
      fees: { management: 0.01, custody: 0.002, salesService: 0, purchase: 0.012 },
      returns: returns(-0.2),
      maxDrawdown: 0.31,
      volatility: 0.28,
      sharpe: -0.8,
      topHoldings: [
        { code: '600519.SH', name: '贵州茅台', weight: 0.15 },
        { code: '000858.SZ', name: '五粮液', weight: 0.14 },
      ],
    },
  ],
});

export const planFixture = api.fund.profitComputer.datas.parse({
  code: '005827.OF',
  name: '易方达蓝筹精选混合',
  firstDay: 20240102,
  lastDay: 20240116,
  invested: 300,
  fees: 2.97,
  shares: 260.73,
  finalNav: 1.25,
  value: 325.91,
  profit: 25.91,
  profitRate: 0.086367,
  purchases: [
    { day: 20240102, nav: 1, amount: 100, fee: 0.99, shares: 99.01 },
    { day: 20240110, nav: 1.2, amount: 100, fee: 0.99, shares: 82.51 },
    { day: 20240116, nav: 1.25, amount: 100, fee: 0.99, shares: 79.21 },
  ],
  series: [
    [20240102, 100, 99.01],
    [20240110, 200, 217.82],
    [20240116, 300, 325.91],
  ],
});
