import { z } from 'zod';
import { defineEndpoint, defineGroup } from './endpoint.ts';
import {
  booleanFlag,
  dayNumber,
  instrumentCode,
  instrumentCodeList,
  instrumentRef,
  instrumentTypeSchema,
  paging,
  pathInstrumentCode,
  quote,
} from './instrument.ts';
import { lazySchema, withBuiltSchemas } from './lazy-schema.ts';
import { marketConnectEndpoints } from './market-connect.ts';
import { marketIndustryEndpoints } from './market-industry.ts';

export * from './market-connect.ts';
export * from './market-industry.ts';

/**
 * Quotes, K-lines, search, rankings and the market overview (issue 4; wire shapes from
 * reference/protocol.md where it gives them).
 */

const nullableNumber = lazySchema(() => z.number().nullable());

/** dayKV2 row: [date, prevClose, open, high, low, close, volume, amount]; null on a suspended day. */
export const dayBarRow = lazySchema(() =>
  z.tuple([
    dayNumber,
    nullableNumber,
    nullableNumber,
    nullableNumber,
    nullableNumber,
    nullableNumber,
    nullableNumber,
    nullableNumber,
  ]),
);
export type DayBarRowWire = z.infer<typeof dayBarRow>;

export const dayKDatas = lazySchema(() =>
  z.object({
    list: z.array(dayBarRow),
    /** Sparse [date, factor]: 1 on the first day, stepping on ex-dividend dates (back adjustment). */
    factors: z.array(z.tuple([dayNumber, z.number()])),
    /** [date, float shares] (fund units for ETFs), one row per change. */
    floatShares: z.array(z.tuple([dayNumber, z.number()])),
  }),
);
export type DayKDatas = z.infer<typeof dayKDatas>;

/**
 * subscribeShare row: [date "YYYYMMDD", price, volume, amount, hhmm, average price]. Volume and
 * amount are per minute; hhmm runs 930…1130, 1301…1500 (Hong Kong to 1600).
 */
export const minuteRow = lazySchema(() =>
  z.tuple([z.string(), z.number(), z.number(), z.number(), z.number().int(), nullableNumber]),
);
export type MinuteRowWire = z.infer<typeof minuteRow>;

export const searchHit = lazySchema(() =>
  instrumentRef.extend({
    /** Pinyin initials of the name (gzmt), shown next to the hit and used for matching. */
    pinyinInitials: z.string(),
    /** True for a share delisted by the face-value rule: still found, marked 已退市. */
    delisted: z.boolean(),
  }),
);
export type SearchHit = z.infer<typeof searchHit>;

const keyword = lazySchema(() => z.string().trim().min(1, '请输入搜索内容').max(40));

export const rankKind = lazySchema(() => z.enum(['stock', 'fund', 'manager']));

/** A ranking list the rank page offers (getRankNames). */
export const rankName = lazySchema(() =>
  z.object({
    id: z.string(),
    name: z.string(),
    kind: rankKind,
    /** What the list is sorted by, as shown in the column header. */
    sortLabel: z.string(),
    /**
     * What the sort figure is, which decides how it shows: `chgPct` is the row's own 涨跌幅 (signed and
     * coloured, so the price column shows the price alone), `gain` a change or return over a period
     * (signed and coloured), `rate` a plain fraction such as 换手率 (no sign, no colour), `amount` yuan
     * (万/亿). The first three are fractions shown as percents.
     */
    figure: z.enum(['chgPct', 'gain', 'rate', 'amount']),
  }),
);

/** One row of a ranking: a stock, a fund or a fund manager with the figure it is ranked by. */
export const rankRow = lazySchema(() =>
  z.object({
    rank: z.number().int(),
    code: z.string(),
    name: z.string(),
    type: instrumentTypeSchema.nullable(),
    value: nullableNumber,
    price: nullableNumber,
    chgPct: nullableNumber,
    /** Second line of the row: industry, fund company, or the manager's company. */
    subtitle: z.string(),
    /** A fund manager's figures (a manager has no price): only on the rows of a manager ranking. */
    manager: z
      .object({
        /** 从业年限: years since the manager's career started, one decimal. */
        careerYears: z.number(),
        /** 管理规模: the net assets of the funds in the manager's care, in yuan. */
        scale: nullableNumber,
        /** How many funds the manager runs. */
        funds: z.number().int(),
      })
      .optional(),
  }),
);

export const industryTreeNode: z.ZodType<IndustryTreeNode> = lazySchema(
  (): z.ZodType<IndustryTreeNode> =>
    // The recursion holds the schema itself, not its stand-in (JSON Schema tells them apart).
    z.lazy(() =>
      withBuiltSchemas(
        z.object({
          code: z.string(),
          name: z.string(),
          level: z.number().int().min(1).max(3),
          children: z.array(industryTreeNode),
        }),
      ),
    ),
);
export interface IndustryTreeNode {
  code: string;
  name: string;
  level: number;
  children: IndustryTreeNode[];
}

export const plateRow = lazySchema(() =>
  z.object({
    code: z.string(),
    name: z.string(),
    /** Change of the plate's index as a fraction. */
    chgPct: nullableNumber,
    riseCount: z.number().int(),
    fallCount: z.number().int(),
    /** Total amount traded by members today, yuan. */
    amount: z.number(),
    /** The member that rose (or fell) most. */
    leader: z.object({ code: z.string(), name: z.string(), chgPct: nullableNumber }).nullable(),
  }),
);

/** A stock-connect channel's day: net buying in yuan and the intraday curve. */
export const connectChannel = lazySchema(() =>
  z.object({
    name: z.string(),
    /** Net buying in yuan (positive = inflow). */
    netInflow: z.number(),
    buyAmount: z.number(),
    sellAmount: z.number(),
    /** Daily quota left in yuan. */
    quotaLeft: z.number(),
  }),
);
export const connectSummary = lazySchema(() =>
  z.object({
    tradingDay: dayNumber,
    netInflow: z.number(),
    channels: z.array(connectChannel),
    /** [hhmm, cumulative net inflow in yuan] through the session so far. */
    series: z.array(z.tuple([z.number().int(), z.number()])),
  }),
);

export const marketEndpoints = defineGroup('market', {
  realTime: defineEndpoint({
    method: 'GET',
    path: '/api/v2/capital/realTime',
    auth: 'none',
    summary: '实时行情（多只，逗号分隔）',
    query: () => z.object({ codes: instrumentCodeList }),
    datas: () => z.array(quote),
  }),
  realTimePost: defineEndpoint({
    method: 'POST',
    path: '/api/v2/capital/realTime',
    auth: 'none',
    summary: '实时行情（POST，codes 为逗号分隔或数组）',
    body: () =>
      z.object({
        codes: z.union([
          instrumentCodeList,
          z
            .array(z.string())
            .max(200)
            .transform((codes) => codes.join(','))
            .pipe(instrumentCodeList),
        ]),
      }),
    datas: () => z.array(quote),
  }),
  dayKV2: defineEndpoint({
    method: 'GET',
    path: '/api/v4/dayKV2/:code',
    auth: 'none',
    summary: '日 K 全历史（含复权因子与流通股本）',
    params: () => z.object({ code: pathInstrumentCode }),
    query: () => z.object({ t: z.string().max(20).optional() }),
    datas: () => dayKDatas,
  }),
  subscribeShare: defineEndpoint({
    method: 'GET',
    path: '/api/v2/k/subscribeShare',
    auth: 'none',
    summary: '分时（当日或最近 n 个交易日）',
    query: () =>
      z.object({
        code: instrumentCode,
        days: z.coerce.number().int().min(1).max(5).default(1),
        isCN: booleanFlag.optional(),
      }),
    datas: () => z.array(minuteRow),
  }),
  search: defineEndpoint({
    method: 'GET',
    path: '/api/v2/capital/search',
    auth: 'none',
    summary: '搜索：代码、中文名、拼音首字母或全拼',
    query: () => z.object({ keyword, size: z.coerce.number().int().min(1).max(50).default(20) }),
    datas: () => z.array(searchHit),
  }),
  searchV4: defineEndpoint({
    method: 'GET',
    path: '/api/v2/capital/searchV4',
    auth: 'none',
    summary: '分类搜索：股票、港股、指数、基金',
    query: () => z.object({ keyword, size: z.coerce.number().int().min(1).max(20).default(10) }),
    datas: () =>
      z.object({
        stocks: z.array(searchHit),
        hk: z.array(searchHit),
        indices: z.array(searchHit),
        funds: z.array(searchHit),
      }),
  }),
  hkSearch: defineEndpoint({
    method: 'GET',
    path: '/api/v2/capital/hk/search',
    auth: 'none',
    summary: '港股搜索',
    query: () => z.object({ keyword, size: z.coerce.number().int().min(1).max(50).default(20) }),
    datas: () => z.array(searchHit),
  }),
  queryName: defineEndpoint({
    method: 'GET',
    path: '/api/v2/capital/queryName',
    auth: 'none',
    summary: '按代码查名称',
    query: () => z.object({ codes: instrumentCodeList }),
    datas: () => z.array(instrumentRef),
  }),
  sameIndustry: defineEndpoint({
    method: 'GET',
    path: '/api/v2/capital/sameIndustry',
    auth: 'none',
    summary: '同行业个股（按涨跌幅排序）',
    query: () =>
      z.object({ code: instrumentCode, size: z.coerce.number().int().min(1).max(100).default(20) }),
    datas: () =>
      z.object({
        industry: z.object({ code: z.string(), name: z.string() }).nullable(),
        list: z.array(quote),
      }),
  }),
  getRankNames: defineEndpoint({
    method: 'GET',
    path: '/api/v2/rank/getRankNames',
    auth: 'none',
    summary: '排行榜列表',
    query: () => z.object({ kind: rankKind.optional() }),
    datas: () => z.array(rankName),
  }),
  getLevelTree: defineEndpoint({
    method: 'GET',
    path: '/api/v2/rank/getLevelTree',
    auth: 'none',
    summary: '申万行业分级树',
    datas: () => z.array(industryTreeNode),
  }),
  getRank: defineEndpoint({
    method: 'GET',
    path: '/api/v2/rank/getRank',
    auth: 'none',
    summary: '排行榜（股票、基金、基金经理）',
    query: () =>
      z.object({
        id: z.string().trim().min(1).max(40),
        /** Narrows a stock ranking to one SW industry. */
        industry: z.string().trim().max(20).optional(),
        order: z.enum(['desc', 'asc']).default('desc'),
        ...paging,
      }),
    datas: () => z.object({ total: z.number().int(), name: z.string(), list: z.array(rankRow) }),
  }),
  riseFallCapitals: defineEndpoint({
    method: 'GET',
    path: '/api/v2/rank/riseFallCapitals',
    auth: 'none',
    summary: '涨幅榜、跌幅榜、换手率榜、成交额榜',
    query: () =>
      z.object({
        sort: z.enum(['rise', 'fall', 'turnover', 'amount']).default('rise'),
        size: z.coerce.number().int().min(1).max(100).default(10),
      }),
    datas: () => z.array(quote),
  }),
  plateStatV2Page: defineEndpoint({
    method: 'GET',
    path: '/api/v2/market/plateStatV2Page',
    auth: 'none',
    summary: '板块涨跌（行业、概念，分页）',
    query: () =>
      z.object({
        plate: z.enum(['industry', 'concept']).default('industry'),
        ascOrDesc: z.enum(['1', '-1']).default('-1'),
        ...paging,
      }),
    datas: () => z.object({ total: z.number().int(), list: z.array(plateRow) }),
  }),
  marketSummary: defineEndpoint({
    method: 'GET',
    path: '/api/v4/market/marketSummary',
    auth: 'none',
    summary: '市场概况：涨跌分布（21 档）与主要指数',
    query: () => z.object({ isCN: booleanFlag.optional(), t: z.string().max(20).optional() }),
    datas: () =>
      z.object({
        tradingDay: dayNumber,
        rise_fall_stat: z.object({
          /** Rising, falling and unchanged A-shares. */
          r: z.number().int(),
          f: z.number().int(),
          p: z.number().int(),
          /** The 21 buckets from 跌停 to 涨停. */
          list: z.array(z.object({ name: z.string(), value: z.number().int() })).length(21),
        }),
        limitUp: z.number().int(),
        limitDown: z.number().int(),
        /** A-share amount traded today, yuan. */
        amount: z.number(),
        indices: z.array(quote),
      }),
  }),
  plateStatPc: defineEndpoint({
    method: 'GET',
    path: '/api/v3/market/plateStatPc',
    auth: 'none',
    summary: '板块涨跌榜（type 13 申万一级行业，14 概念）',
    query: () =>
      z.object({
        ascOrDesc: z.enum(['1', '-1']).default('-1'),
        step: z.coerce.number().int().min(1).max(100).default(1),
        type: z.enum(['13', '14']).default('13'),
        isCN: booleanFlag.optional(),
      }),
    datas: () =>
      z.object({
        /** `chg` is a percent (3.12 = 3.12%), as the original service sends it. */
        data: z.array(z.object({ code: z.string(), name: z.string(), chg: nullableNumber })),
      }),
  }),
  northSummary: defineEndpoint({
    method: 'GET',
    path: '/api/v2/market/northSummary',
    auth: 'none',
    summary: '北向资金（沪股通、深股通）',
    datas: () => connectSummary,
  }),
  southSummary: defineEndpoint({
    method: 'GET',
    path: '/api/v2/market/southSummary',
    auth: 'none',
    summary: '南向资金（港股通沪、港股通深）',
    datas: () => connectSummary,
  }),
  ...marketConnectEndpoints,
  ...marketIndustryEndpoints,
});
