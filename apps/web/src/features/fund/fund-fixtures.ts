import { api } from '@zhicai/contract';

/**
 * Demo answers of the fund endpoints for component tests. Each is parsed by its contract schema, so
 * a change of the contract breaks the fixtures (and the tests) instead of letting them drift.
 */

export const baseInfoFixture = api.fund.baseInfo.datas.parse({
  code: '005827.OF',
  name: '易方达蓝筹精选混合',
  type: 'fund_outside',
  category: '混合型',
  company: '易方达基金',
  inceptionDate: 20180905,
  size: 12_350_000_000,
  benchmark: '沪深300指数收益率×45%+中证港股通综合指数收益率×45%+中债总指数收益率×10%',
  riskLevel: 3,
  navDate: 20240628,
  unitNav: 1.8765,
  accumNav: 1.8765,
  dailyChgPct: 0.0123,
  returns: {
    w1: 0.0051,
    m1: -0.0321,
    m3: 0.0456,
    m6: 0.1,
    y1: -0.1234,
    y2: 0.2,
    y3: null,
    y5: null,
    ytd: 0,
    sinceInception: 0.8765,
  },
  managers: [{ id: 'M001', name: '张坤', since: 20180905 }],
  trackingEtf: null,
});

export const lofBaseInfoFixture = api.fund.baseInfo.datas.parse({
  ...baseInfoFixture,
  code: '161725.OF',
  name: '招商中证白酒指数(LOF)',
  type: 'fund_lof',
  category: '指数型',
  managers: [{ id: 'M002', name: '侯昊', since: 20170825 }],
});

export const navHistoryFixture = api.fund.navHistory.datas.parse({
  list: [
    [20240626, 1.8, 1.8, null],
    [20240627, 1.85, 1.85, 0.0278],
    [20240628, 1.8765, 1.98, 0.0143],
  ],
});

export const holdingsFixture = api.fund.holdings.datas.parse({
  reportDate: 20240331,
  stocks: [
    { code: '600519.SH', name: '贵州茅台', weight: 0.0987 },
    { code: '00700.HK', name: '腾讯控股', weight: 0.0912 },
  ],
  assetAllocation: [
    { name: '股票', weight: 0.9123 },
    { name: '现金', weight: 0.0877 },
  ],
});

export const feesFixture = api.fund.fees.datas.parse({
  management: 0.015,
  custody: 0.0025,
  salesService: 0,
  purchase: [
    { range: '0≤金额<100万', rate: 0.015 },
    { range: '100万≤金额<500万', rate: 0.0015 },
  ],
  redemption: [
    { range: '0≤期限<7天', rate: 0.015 },
    { range: '期限≥730天', rate: 0 },
  ],
});

export const managerFixture = api.fund.manager.datas.parse({
  id: 'M001',
  name: '张坤',
  company: '易方达基金',
  careerStart: 20121109,
  assets: 123_450_000_000,
  annualReturn: 0.1523,
  education: '清华大学硕士',
  bio: '张坤，清华大学生物学硕士。2008 年加入易方达基金，曾任研究员、投资经理助理，2012 年起担任基金经理，长期专注于消费、互联网与医药等行业的优质公司，坚持自下而上的选股方法，重视企业的商业模式与长期竞争力。',
  funds: [
    {
      code: '005827.OF',
      name: '易方达蓝筹精选混合',
      since: 20180905,
      tenureReturn: 0.8765,
      size: 41_200_000_000,
    },
    {
      code: '110011.OF',
      name: '易方达优质精选混合',
      since: 20121109,
      tenureReturn: -0.0456,
      size: 8_900_000_000,
    },
  ],
});

export const rankNamesFixture = api.market.getRankNames.datas.parse([
  { id: 'fund_y1', name: '近1年收益', kind: 'fund', sortLabel: '近1年', figure: 'gain' },
  { id: 'fund_size', name: '规模榜', kind: 'fund', sortLabel: '规模', figure: 'amount' },
]);

export function rankFixture(id: string) {
  const percent = id === 'fund_y1';
  return api.market.getRank.datas.parse({
    total: 2,
    name: percent ? '近1年收益' : '规模榜',
    list: [
      {
        rank: 1,
        code: percent ? '161725.OF' : '005827.OF',
        name: percent ? '招商中证白酒指数(LOF)' : '易方达蓝筹精选混合',
        type: percent ? 'fund_lof' : 'fund_outside',
        value: percent ? 0.4567 : 41_200_000_000,
        price: null,
        chgPct: null,
        subtitle: percent ? '招商基金' : '易方达基金',
      },
      {
        rank: 2,
        code: '510300.SH',
        name: '沪深300ETF',
        type: 'fund_onside',
        value: percent ? -0.0123 : 30_000_000_000,
        price: 3.912,
        chgPct: 0.01,
        subtitle: '华泰柏瑞基金',
      },
    ],
  });
}
