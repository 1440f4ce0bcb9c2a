import type { EndpointData } from '../../../../platform/query/endpoint-query.ts';
import { quoteOf } from '../../../../testing/quote-fixtures.ts';
import type { PlateSummaryRow } from '../api/plate-list.ts';

/** A plate row of the lists: its figures given, the rest plain. */
export function plateRow(
  code: string,
  name: string,
  chgPct: number | null,
  overrides: Partial<PlateSummaryRow> = {},
): PlateSummaryRow {
  return {
    code,
    name,
    kind: code.endsWith('.WI') ? 'concept' : 'industry',
    price: 3000,
    chgPct,
    riseCount: 6,
    fallCount: 3,
    flatCount: 1,
    amount: 12_300_000_000,
    leader: { code: '688981.SH', name: `${name}龙头`, chgPct: 0.05 },
    laggard: { code: '600000.SH', name: `${name}尾部`, chgPct: -0.03 },
    ...overrides,
  };
}

export const industries: EndpointData<'market.plateList'> = {
  tradingDay: 20240628,
  list: [
    plateRow('801080.ZSI', '电子', 0.0312, {
      amount: 50_000_000_000,
      riseCount: 9,
      fallCount: 1,
      flatCount: 0,
    }),
    plateRow('801120.ZSI', '食品饮料', 0.011, { amount: 20_000_000_000 }),
    plateRow('801780.ZSI', '银行', -0.021, {
      amount: 30_000_000_000,
      riseCount: 1,
      fallCount: 8,
      flatCount: 1,
    }),
  ],
};

export const concepts: EndpointData<'market.plateList'> = {
  tradingDay: 20240628,
  list: [plateRow('884160.WI', '半导体', 0.025), plateRow('884039.WI', '白酒', -0.004)],
};

export const electronicsQuote = quoteOf('801080.ZSI', {
  name: '电子',
  type: 'index_hy',
  price: 2800,
  prevClose: 2715.3,
  chg: 84.7,
  chgPct: 0.0312,
  turnoverRate: null,
  pe: null,
  pb: null,
  marketCap: null,
  floatMarketCap: null,
  limitUp: null,
  limitDown: null,
});

const member = (code: string, name: string, chgPct: number, weight: number, amount: number) => ({
  code,
  name,
  weight,
  price: 50,
  chgPct,
  amount,
  turnoverRate: 0.02,
  marketCap: 100_000_000_000,
});

export const electronicsDetail: EndpointData<'market.plateDetail'> = {
  plate: industries.list[0] as PlateSummaryRow,
  quote: electronicsQuote,
  breadth: { rise: 9, fall: 1, flat: 0, limitUp: 1, limitDown: 0 },
  members: [
    member('688981.SH', '中芯国际', 0.1, 0.3, 9_000_000_000),
    member('002415.SZ', '海康威视', 0.04, 0.25, 3_000_000_000),
    member('002475.SZ', '立讯精密', 0.02, 0.2, 4_000_000_000),
    member('000725.SZ', '京东方A', -0.01, 0.25, 2_000_000_000),
  ],
  leaders: [],
  laggards: [],
  etfs: [
    {
      code: '563286.SH',
      name: '物流ETF银华',
      price: 1.234,
      chgPct: 0.03,
      amount: 80_000_000,
      index: { code: '801080.ZSI', name: '电子' },
    },
  ],
  momentum: { fiveDayChange: 0.08, amountGrowth: 0.4, score: 0.12 },
  group: { code: 'tech', name: '科技' },
};

export const electronicsAnalysis: EndpointData<'market.industryAnalysis'> = {
  plate: industries.list[0] as PlateSummaryRow,
  valuation: { pe: 35.21, pePercentile: 42.5, pb: 3.1, pbPercentile: 61.2, since: 20210702 },
  breadth: { rise: 9, fall: 1, flat: 0, limitUp: 1, limitDown: 0 },
  turnoverRate: 0.0234,
  marketAmount: 1_000_000_000_000,
  amountShare: 0.05,
  trend: [
    { day: 20240626, close: 2700, amount: 40_000_000_000, marketAmount: 900_000_000_000, share: 0.0444 },
    { day: 20240627, close: 2715.3, amount: 45_000_000_000, marketAmount: 950_000_000_000, share: 0.0474 },
    { day: 20240628, close: 2800, amount: 50_000_000_000, marketAmount: 1_000_000_000_000, share: 0.05 },
  ],
};

export const tuyere: EndpointData<'market.tuyereList'> = {
  list: [
    {
      ...plateRow('884201.WI', '人工智能', 0.012),
      momentum: { fiveDayChange: 0.09, amountGrowth: 0.5, score: 0.14 },
    },
    {
      ...plateRow('884160.WI', '半导体', 0.025),
      momentum: { fiveDayChange: 0.04, amountGrowth: -0.1, score: 0.03 },
    },
  ],
};

export const groups: EndpointData<'market.industryGroups'> = {
  list: [
    {
      code: 'tech',
      name: '科技',
      note: '电子、计算机、传媒、通信',
      chgPct: 0.021,
      amount: 80_000_000_000,
      riseCount: 20,
      fallCount: 5,
      industries: [industries.list[0] as PlateSummaryRow, plateRow('801750.ZSI', '计算机', 0.011)],
      leader: { code: '688981.SH', name: '中芯国际', chgPct: 0.1 },
    },
    {
      code: 'finance',
      name: '金融地产',
      note: '银行、非银金融、房地产',
      chgPct: -0.015,
      amount: 40_000_000_000,
      riseCount: 3,
      fallCount: 20,
      industries: [industries.list[2] as PlateSummaryRow],
      leader: null,
    },
  ],
};

export const techEtfs: EndpointData<'market.industryGroupEtfs'> = {
  group: { code: 'tech', name: '科技' },
  list: electronicsDetail.etfs,
};

export const regions: EndpointData<'market.regionPlates'> = {
  list: [
    {
      name: '广东',
      chgPct: 0.012,
      riseCount: 30,
      fallCount: 10,
      flatCount: 2,
      amount: 90_000_000_000,
      leader: { code: '002475.SZ', name: '立讯精密', chgPct: 0.1 },
      laggard: { code: '000725.SZ', name: '京东方A', chgPct: -0.04 },
    },
    {
      name: '北京',
      chgPct: -0.005,
      riseCount: 8,
      fallCount: 20,
      flatCount: 1,
      amount: 60_000_000_000,
      leader: { code: '601288.SH', name: '农业银行', chgPct: 0.02 },
      laggard: null,
    },
  ],
};
