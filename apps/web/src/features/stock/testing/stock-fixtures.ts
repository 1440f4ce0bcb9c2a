import type { EndpointData } from '../../../platform/query/endpoint-query.ts';
import { ok, type StubRoutes } from '../../../testing/api-stub.ts';
import { minuteRows } from '../../../testing/quote-fixtures.ts';

/** Answers typed by the contract's `datas` schemas, for the detail pages' component tests. */

export const dayK: EndpointData<'market.dayKV2'> = {
  list: [
    [20240626, 1480, 1485, 1500, 1470, 1490, 10_000, 14_900_000],
    [20240627, 1490, 1492, 1510, 1488, 1500, 12_000, 18_000_000],
    [20240628, 1500, 1490, 1530, 1480, 1520.5, 11_000, 16_700_000],
  ],
  factors: [
    [20010827, 1],
    [20240627, 1.1],
  ],
  floatShares: [[20010827, 1_256_197_800]],
};

export const stockIntro: EndpointData<'stock.stockIntro'> = {
  basic: {
    name: '贵州茅台',
    fullName: '贵州茅台酒股份有限公司',
    area: '贵州',
    holder: '中国贵州茅台酒厂(集团)有限责任公司',
    holderTop1Pct: 0.5468,
    briefing: '公司主营贵州茅台酒系列产品的生产与销售。',
    mainBusiness: '茅台酒及系列酒的生产与销售',
    chairman: '张德芹',
    listingDate: 20010827,
    employees: 33_000,
    website: 'https://www.moutaichina.com',
  },
  industry: { industrys: [{ code: '801120.ZSI', name: '食品饮料', level: 1 }] },
  concept: { concepts: [{ code: '885001.WI', name: '白酒概念' }] },
};

export function pepbOf(type: string, years: string): EndpointData<'stock.pepb'> {
  return {
    msg: `当前${type === 'pe' ? '市盈率' : '市净率'}处于近${years.replace('Y', '')}年 35.2% 分位`,
    min: 20,
    max: 50,
    mid: 32,
    catalog: ['3Y', '5Y', '10Y'],
    datas: [
      { x: '20240626', y: 28, d: 1490, p: 30 },
      { x: '20240627', y: 28.5, d: 1500, p: 35.2 },
    ],
    newest: { pe: 28.5, pb: 9.1, psTtm: 14, zhgz: null, peFor: null },
  };
}

export const industryCompare: EndpointData<'stock.industryCompareDetail'> = {
  total: 2,
  industry: { code: '801120.ZSI', name: '食品饮料' },
  catalog: [
    { optname: '总市值', key: 'marketCap', unit: 'yuan' },
    { optname: '市盈率', key: 'pe', unit: 'times' },
    { optname: 'ROE', key: 'roe', unit: 'ratio' },
  ],
  list: [
    {
      code: '600519.SH',
      name: '贵州茅台',
      rank: 1,
      marketCap: 1.91e12,
      pe: 28.53,
      pb: 9.1,
      roe: 0.3012,
      revenueYoy: 0.15,
      grossMargin: 0.91,
    },
    {
      code: '000858.SZ',
      name: '五粮液',
      rank: 2,
      marketCap: 5.6e11,
      pe: 16.2,
      pb: 4.1,
      roe: null,
      revenueYoy: 0.1,
      grossMargin: 0.75,
    },
  ],
};

export const holderNums: EndpointData<'stock.holderNumDetails'> = [
  { date: 20240331, holderNum: 180_000, chgPct: -0.02, avgShares: 6979, price: 1700 },
  { date: 20231231, holderNum: 183_700, chgPct: 0.01, avgShares: 6838, price: 1726 },
];

export const events: EndpointData<'stock.eventReminder'> = [
  {
    name: '分红派息',
    content: '每 10 股派 308.76 元',
    effectdateMap: { beginDate: '2024-06-19' },
    tagDescMap: [{ tag: '分红' }],
  },
];

/** Every call of the A-share and Hong Kong detail pages answered, whatever the code. */
/** The 盘口 of quoteOf('600519.SH') (price 1520.50, limits 1650 / 1350, time 1_700_000_000_000). */
export const handicap: EndpointData<'stock.handicap'> = {
  code: '600519.SH',
  time: 1_700_000_000_000,
  price: 1520.5,
  bids: [
    { price: 1520.49, volume: 1200 },
    { price: 1520.48, volume: 300 },
    { price: 1520.47, volume: 500 },
    { price: 1520.46, volume: 800 },
    { price: 1520.45, volume: 200 },
  ],
  asks: [
    { price: 1520.5, volume: 400 },
    { price: 1520.51, volume: 900 },
    { price: 1520.52, volume: 100 },
    { price: 1520.53, volume: 600 },
    { price: 1520.54, volume: 700 },
  ],
  orderImbalance: 0.0,
  outerVolume: 1_300_000,
  innerVolume: 1_045_600,
  volumeRatio: 1.27,
  high52w: 1910,
  low52w: 1245.6,
  eps: 68.64,
  dividendYield: 0.0203,
  lotSize: 100,
  currency: 'CNY',
  delayed: false,
};

export function stockRoutes(): StubRoutes {
  return {
    'market.subscribeShare': (params) =>
      ok(
        params.days === 5
          ? ['20240624', '20240625', '20240626', '20240627', '20240628'].flatMap((date) =>
              minuteRows(date, [1500, 1510]),
            )
          : minuteRows('20240628', [1500, 1510, 1520]),
      ),
    'market.dayKV2': ok(dayK),
    'stock.stockIntro': ok(stockIntro),
    'stock.pepb': (params) => ok(pepbOf(params.type, params.years)),
    'stock.industryCompareDetail': ok(industryCompare),
    'stock.holderNumDetails': ok(holderNums),
    'stock.eventReminder': ok(events),
    'stock.handicap': ok(handicap),
  };
}
