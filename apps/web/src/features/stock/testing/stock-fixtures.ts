import type { Quote } from '@zhicai/contract';
import { sessionMinutes } from '@zhicai/domain';
import type { EndpointData } from '../../../platform/query/endpoint-query.ts';
import { failure, ok, type StubRoutes } from '../../../testing/api-stub.ts';

/** Answers typed by the contract's `datas` schemas, for the detail pages' component tests. */

/** What our server answers for an unexpected failure (HTTP 500 with code 999). */
export const serverFailure = failure('999', '系统繁忙，请稍后再试', 500);

export function quoteOf(code: string, overrides: Partial<Quote> = {}): Quote {
  return {
    code,
    name: '贵州茅台',
    type: 'capital',
    time: 1_700_000_000_000,
    tradingDay: 20240628,
    status: 'trading',
    price: 1520.5,
    prevClose: 1500,
    open: 1490,
    high: 1530,
    low: 1480,
    volume: 2_345_600,
    amount: 3_560_000_000,
    chg: 20.5,
    chgPct: 0.013667,
    amplitude: 0.0333,
    turnoverRate: 0.0019,
    limitUp: 1650,
    limitDown: 1350,
    pe: 28.53,
    pb: 9.1,
    marketCap: 1_910_000_000_000,
    floatMarketCap: 1_910_000_000_000,
    ...overrides,
  };
}

const cnMinutes = sessionMinutes('cn');

export function minuteRows(date: string, prices: number[]): EndpointData<'market.subscribeShare'> {
  return prices.map((price, i) => [date, price, 1000, price * 1000, cnMinutes[i] ?? 930, price]);
}

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
    newest: { pe: 28.5, pb: 9.1, psTtm: 14, zhgz: null },
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
  };
}
