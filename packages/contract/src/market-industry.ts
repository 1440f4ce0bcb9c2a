import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';
import { dayNumber, instrumentCode, quote } from './instrument.ts';
import { lazySchema } from './lazy-schema.ts';

/**
 * 找行业 and the plate pages (spec 2 §2.2 "Industry", §7.3 "/api/v3/appMarket/*: plates, ETF pages,
 * catalogs"): SW level-1 industries and concept plates ranked, one plate's members, leaders and
 * ETFs, its valuation and amount trend, the 风口 momentum ranking and the industry groups. Part of
 * the `market` group (joined in market.ts). Every figure is the demo market's own: a plate's change
 * is its index's change, its members are the index's constituents, its amount the members' sum.
 */

const nullableNumber = lazySchema(() => z.number().nullable());

/**
 * 行业分组: the SW2021 level-1 industries (index codes) grouped into the sectors investors talk of.
 * The one place the mapping lives; every level-1 industry sits in exactly one group (a server test
 * holds this against the market's industries).
 */
export const industryGroupTable = [
  {
    code: 'consumer',
    name: '大消费',
    note: '吃穿用住行与服务：食品饮料、家电、纺服、商贸、社服、美护、农业、轻工',
    industries: [
      '801120.ZSI',
      '801110.ZSI',
      '801130.ZSI',
      '801200.ZSI',
      '801210.ZSI',
      '801980.ZSI',
      '801010.ZSI',
      '801140.ZSI',
    ],
  },
  {
    code: 'tech',
    name: '科技',
    note: '电子、计算机、传媒、通信',
    industries: ['801080.ZSI', '801750.ZSI', '801760.ZSI', '801770.ZSI'],
  },
  { code: 'health', name: '医药', note: '医药生物', industries: ['801150.ZSI'] },
  {
    code: 'finance',
    name: '金融地产',
    note: '银行、非银金融、房地产',
    industries: ['801780.ZSI', '801790.ZSI', '801180.ZSI'],
  },
  {
    code: 'cyclical',
    name: '周期',
    note: '化工、钢铁、有色、煤炭、石化、建材',
    industries: ['801030.ZSI', '801040.ZSI', '801050.ZSI', '801950.ZSI', '801960.ZSI', '801710.ZSI'],
  },
  {
    code: 'manufacturing',
    name: '制造',
    note: '电力设备、机械、汽车、军工、建筑装饰',
    industries: ['801730.ZSI', '801890.ZSI', '801880.ZSI', '801740.ZSI', '801720.ZSI'],
  },
  {
    code: 'utility',
    name: '公用交运',
    note: '公用事业、交通运输、环保、综合',
    industries: ['801160.ZSI', '801170.ZSI', '801970.ZSI', '801230.ZSI'],
  },
] as const;

export type IndustryGroupCode = (typeof industryGroupTable)[number]['code'];

export const industryGroupCode = lazySchema(() =>
  z.enum(industryGroupTable.map((group) => group.code) as [IndustryGroupCode, ...IndustryGroupCode[]], {
    error: '行业分组不存在',
  }),
);

export const plateKind = lazySchema(() => z.enum(['industry', 'concept'], { error: '板块类型不正确' }));
export type PlateKind = z.infer<typeof plateKind>;

/** A member named in a plate's row: its change as a fraction. */
export const plateStock = lazySchema(() =>
  z.object({ code: z.string(), name: z.string(), chgPct: nullableNumber }),
);

/** A plate (an SW level-1 industry or a concept) as the lists show it. */
export const plateSummary = lazySchema(() =>
  z.object({
    code: z.string(),
    name: z.string(),
    kind: plateKind,
    /** The plate index's level and change (a fraction): the index quote's own figures. */
    price: nullableNumber,
    chgPct: nullableNumber,
    riseCount: z.number().int(),
    fallCount: z.number().int(),
    flatCount: z.number().int(),
    /** Amount traded by the members today, yuan (the index's amount is the same sum). */
    amount: z.number(),
    /** The member that rose most (领涨股) and the one that fell most (领跌股). */
    leader: plateStock.nullable(),
    laggard: plateStock.nullable(),
  }),
);
export type PlateSummary = z.infer<typeof plateSummary>;

/** A plate member with its weight in the index and its quote figures. */
export const plateMember = lazySchema(() =>
  z.object({
    code: z.string(),
    name: z.string(),
    /** Weight in the index as a fraction. */
    weight: nullableNumber,
    price: nullableNumber,
    chgPct: nullableNumber,
    amount: z.number(),
    turnoverRate: nullableNumber,
    marketCap: nullableNumber,
  }),
);
export type PlateMember = z.infer<typeof plateMember>;

/**
 * 风口 momentum (the rule is `plateMomentum` on the server): the 5-session change to the current
 * price, the growth of the last 5 finished sessions' mean amount over the 5 before them, and the
 * score they rank by.
 */
export const plateMomentum = lazySchema(() =>
  z.object({
    fiveDayChange: nullableNumber,
    amountGrowth: nullableNumber,
    score: nullableNumber,
  }),
);

export const plateEtf = lazySchema(() =>
  z.object({
    code: z.string(),
    name: z.string(),
    price: nullableNumber,
    chgPct: nullableNumber,
    amount: z.number(),
    /** The index the ETF tracks (its real ETF → index link). */
    index: z.object({ code: z.string(), name: z.string() }),
  }),
);

const breadth = lazySchema(() =>
  z.object({
    rise: z.number().int(),
    fall: z.number().int(),
    flat: z.number().int(),
    limitUp: z.number().int(),
    limitDown: z.number().int(),
  }),
);

const groupRef = lazySchema(() => z.object({ code: industryGroupCode, name: z.string() }));

const plateSort = lazySchema(() =>
  z.enum(['chgPct', 'amount', 'riseRatio'], { error: '排序方式不正确' }).default('chgPct'),
);
const order = lazySchema(() => z.enum(['desc', 'asc'], { error: '排序方向不正确' }).default('desc'));

/**
 * A 地域 plate: the A-shares of one province or city (the company's registered area). Regions have no
 * published index, so the change is computed by the index rule with free-float weights: Σ q·price ÷
 * Σ q·prevClose − 1, q = free-float shares (server `regionChange`).
 */
export const regionPlate = lazySchema(() =>
  z.object({
    name: z.string(),
    chgPct: nullableNumber,
    riseCount: z.number().int(),
    fallCount: z.number().int(),
    flatCount: z.number().int(),
    amount: z.number(),
    leader: plateStock.nullable(),
    laggard: plateStock.nullable(),
  }),
);

export const marketIndustryEndpoints = {
  plateList: defineEndpoint({
    method: 'GET',
    path: '/api/v3/appMarket/plateList',
    auth: 'none',
    summary: '板块列表（申万一级行业或概念）：涨跌幅、涨跌家数、成交额、领涨股',
    query: () => z.object({ kind: plateKind.default('industry'), sort: plateSort, order }),
    datas: () => z.object({ tradingDay: dayNumber, list: z.array(plateSummary) }),
  }),
  plateDetail: defineEndpoint({
    method: 'GET',
    path: '/api/v3/appMarket/plateDetail',
    auth: 'none',
    summary: '板块详情：指数行情、成分股、领涨领跌、涨跌家数、跟踪 ETF、动量',
    query: () => z.object({ code: instrumentCode }),
    datas: () =>
      z.object({
        plate: plateSummary,
        quote,
        breadth,
        /** Every constituent, best change first. */
        members: z.array(plateMember),
        leaders: z.array(plateMember),
        laggards: z.array(plateMember),
        etfs: z.array(plateEtf),
        momentum: plateMomentum,
        /** The industry group an SW industry belongs to; null for a concept. */
        group: groupRef.nullable(),
      }),
  }),
  industryAnalysis: defineEndpoint({
    method: 'GET',
    path: '/api/v3/appMarket/industryAnalysis',
    auth: 'none',
    summary: '行业分析：估值与历史分位、成交额与换手、涨跌家数、成交占比',
    query: () => z.object({ code: instrumentCode }),
    datas: () =>
      z.object({
        plate: plateSummary,
        valuation: z.object({
          /** Constituent-weighted PE and PB today and their percentile (0–100) over the stored history. */
          pe: nullableNumber,
          pePercentile: nullableNumber,
          pb: nullableNumber,
          pbPercentile: nullableNumber,
          /** The first day of the history the percentiles read (weekly points). */
          since: dayNumber.nullable(),
        }),
        breadth,
        /** Members' volume ÷ members' float shares today, as a fraction. */
        turnoverRate: nullableNumber,
        /** Today's A-share amount (yuan) and the plate's share of it (fraction). */
        marketAmount: z.number(),
        amountShare: nullableNumber,
        /** The last sessions, oldest first: close, amount, the market's amount and the share. */
        trend: z.array(
          z.object({
            day: dayNumber,
            close: nullableNumber,
            amount: z.number(),
            marketAmount: z.number(),
            share: nullableNumber,
          }),
        ),
      }),
  }),
  tuyereList: defineEndpoint({
    method: 'GET',
    path: '/api/v3/appMarket/tuyereList',
    auth: 'none',
    summary: '风口板块：概念板块按动量（5 日涨幅与成交额放大）排序',
    datas: () =>
      z.object({
        list: z.array(plateSummary.extend({ momentum: plateMomentum })),
      }),
  }),
  regionPlates: defineEndpoint({
    method: 'GET',
    path: '/api/v3/appMarket/regionPlates',
    auth: 'none',
    summary: '地域板块：按公司所属地域汇总的 A 股（流通市值加权涨跌幅）',
    datas: () => z.object({ list: z.array(regionPlate) }),
  }),
  industryGroups: defineEndpoint({
    method: 'GET',
    path: '/api/v3/appMarket/industryGroups',
    auth: 'none',
    summary: '行业分组：大消费、科技、医药、金融地产、周期、制造、公用交运',
    datas: () =>
      z.object({
        list: z.array(
          z.object({
            code: industryGroupCode,
            name: z.string(),
            note: z.string(),
            /** Equal-weight mean of the group's industry index changes (fraction). */
            chgPct: nullableNumber,
            amount: z.number(),
            riseCount: z.number().int(),
            fallCount: z.number().int(),
            /** The group's industries, best change first. */
            industries: z.array(plateSummary),
            /** The group's best stock today. */
            leader: plateStock.nullable(),
          }),
        ),
      }),
  }),
  industryGroupEtfs: defineEndpoint({
    method: 'GET',
    path: '/api/v3/appMarket/industryGroupEtfs',
    auth: 'none',
    summary: '行业分组 ETF：跟踪该组行业指数的 ETF',
    query: () => z.object({ group: industryGroupCode }),
    datas: () => z.object({ group: groupRef, list: z.array(plateEtf) }),
  }),
};
