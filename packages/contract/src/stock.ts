import { z } from 'zod';
import { defineEndpoint, defineGroup } from './endpoint.ts';
import { dayNumber, instrumentCode } from './instrument.ts';
import { lazySchema } from './lazy-schema.ts';
import { stockCompareEndpoints } from './stock-compare.ts';

export * from './stock-compare.ts';

/** The stock detail page's calls (issue 4; shapes from reference/protocol.md). */

const nullableNumber = lazySchema(() => z.number().nullable());
const codeQuery = lazySchema(() => z.object({ code: instrumentCode }));

/** One level of the order book: a price and the shares waiting at it. */
const orderLevel = lazySchema(() => z.object({ price: z.number(), volume: z.number().int().nonnegative() }));

export const valuationKind = lazySchema(() => z.enum(['pe', 'pb', 'psTtm', 'indexGZPer']));
export const valuationYears = lazySchema(() => z.enum(['3Y', '5Y', '10Y', '50Y']));

export const stockEndpoints = defineGroup('stock', {
  stockBaseInfo: defineEndpoint({
    method: 'GET',
    path: '/api/v3/details/stockBaseInfo',
    auth: 'none',
    summary: '个股基本信息：估值、所属指数、总股本',
    query: () => codeQuery,
    datas: () =>
      z.object({
        name: z.string(),
        pepb: z.object({ pe: nullableNumber, pb: nullableNumber, ps: nullableNumber, pcf: nullableNumber }),
        /** Valuation percentile of the stock's PE over 5 years, 0–100. */
        indexGZPer: nullableNumber,
        indexList: z.array(
          z.object({
            code: z.string(),
            name: z.string(),
            level: z.number().int().min(1).max(3),
            capitalOrIndex: z.string(),
          }),
        ),
        /** Total shares (股). */
        totalShare: nullableNumber,
      }),
  }),
  stockIntro: defineEndpoint({
    method: 'GET',
    path: '/api/v3/details/stockIntro',
    auth: 'none',
    summary: '公司简介、所属行业与概念',
    query: () => codeQuery,
    datas: () =>
      z.object({
        basic: z.object({
          name: z.string(),
          fullName: z.string(),
          area: z.string(),
          /** Largest shareholder. */
          holder: z.string(),
          /** Largest shareholder's stake as a fraction. */
          holderTop1Pct: nullableNumber,
          briefing: z.string(),
          mainBusiness: z.string(),
          chairman: z.string(),
          listingDate: dayNumber,
          employees: z.number().int().nullable(),
          website: z.string(),
        }),
        industry: z.object({
          industrys: z.array(z.object({ code: z.string(), name: z.string(), level: z.number().int() })),
        }),
        concept: z.object({ concepts: z.array(z.object({ code: z.string(), name: z.string() })) }),
      }),
  }),
  pepb: defineEndpoint({
    method: 'GET',
    path: '/api/v3/details/pepb',
    auth: 'none',
    summary: '估值历史与分位（PE、PB、PS）',
    query: () =>
      z.object({
        code: instrumentCode,
        type: valuationKind.default('pe'),
        years: valuationYears.default('5Y'),
      }),
    datas: () =>
      z.object({
        /** One sentence on where the valuation sits, e.g. 当前市盈率处于近5年 35.2% 分位. */
        msg: z.string(),
        min: nullableNumber,
        max: nullableNumber,
        mid: nullableNumber,
        catalog: z.array(valuationYears),
        /** y = valuation on day x; d = close; p = percentile 0–100 of y within the window so far. */
        datas: z.array(
          z.object({
            x: z.string(),
            y: nullableNumber,
            d: nullableNumber.optional(),
            p: nullableNumber.optional(),
          }),
        ),
        newest: z.object({
          pe: nullableNumber,
          pb: nullableNumber,
          psTtm: nullableNumber,
          zhgz: nullableNumber,
          /** Forward PE: PE ÷ (1 + TTM net profit growth year on year); null for indices and without growth. */
          peFor: nullableNumber,
        }),
      }),
  }),
  industryCompareDetail: defineEndpoint({
    method: 'GET',
    path: '/api/v3/details/industryCompareDetail',
    auth: 'none',
    summary: '同行业对比',
    query: () => codeQuery,
    datas: () =>
      z.object({
        total: z.number().int(),
        industry: z.object({ code: z.string(), name: z.string() }).nullable(),
        /** The compared columns, in display order; `key` names the field in each list row. */
        catalog: z.array(
          z.object({ optname: z.string(), key: z.string(), unit: z.enum(['yuan', 'ratio', 'times']) }),
        ),
        list: z.array(
          z.object({
            code: z.string(),
            name: z.string(),
            /** Rank by market value within the industry, from 1. */
            rank: z.number().int(),
            marketCap: nullableNumber,
            pe: nullableNumber,
            pb: nullableNumber,
            roe: nullableNumber,
            revenueYoy: nullableNumber,
            grossMargin: nullableNumber,
          }),
        ),
      }),
  }),
  holderNumDetails: defineEndpoint({
    method: 'GET',
    path: '/api/v3/details/holderNumDetails',
    auth: 'none',
    summary: '股东户数变化',
    query: () => codeQuery,
    datas: () =>
      z.array(
        z.object({
          /** Report date YYYYMMDD. */
          date: dayNumber,
          holderNum: z.number().int(),
          /** Change against the previous report, as a fraction. */
          chgPct: nullableNumber,
          /** Shares per holder. */
          avgShares: z.number(),
          /** Close on the report date. */
          price: nullableNumber,
        }),
      ),
  }),
  handicap: defineEndpoint({
    method: 'GET',
    path: '/api/v3/details/handicap',
    auth: 'none',
    summary: '盘口：五档买卖、委比、内外盘、量比、52周高低、每股收益、股息率',
    query: () => codeQuery,
    datas: () =>
      z.object({
        code: z.string(),
        /** Epoch milliseconds of the quote the book was derived from (the header's tick). */
        time: z.number(),
        /** The price the book sits around; null without a trade (suspended, not yet open). */
        price: nullableNumber,
        /** Best bid first, falling; volume in shares (A-shares show 手 = 100 shares). Empty at 跌停. */
        bids: z.array(orderLevel).max(5),
        /** Best ask first, rising; empty at 涨停. */
        asks: z.array(orderLevel).max(5),
        /** 委比: (Σ bid − Σ ask) ÷ (Σ bid + Σ ask) over the five levels, a fraction in −1..1. */
        orderImbalance: nullableNumber,
        /** 外盘 (volume traded at the ask, active buying) and 内盘 (at the bid), in shares; sum = volume. */
        outerVolume: z.number(),
        innerVolume: z.number(),
        /** 量比: today's volume per elapsed minute ÷ the 5-day average volume per minute. */
        volumeRatio: nullableNumber,
        /** 52-week high and low from the stored daily bars and today's range (unadjusted prices). */
        high52w: nullableNumber,
        low52w: nullableNumber,
        /** 每股收益 (TTM) in the quote currency. */
        eps: nullableNumber,
        /** 股息率 (TTM): cash dividends per share of the last 12 months ÷ price, a fraction. */
        dividendYield: nullableNumber,
        /** 每手股数: shares per board lot. */
        lotSize: z.number().int().positive(),
        currency: z.enum(['CNY', 'HKD']),
        /** Whether the quote is delayed (Hong Kong quotes reach free users 15 minutes late). */
        delayed: z.boolean(),
      }),
  }),
  eventReminder: defineEndpoint({
    method: 'GET',
    path: '/api/v2/eventReminder/list',
    auth: 'none',
    summary: '大事提醒',
    query: () =>
      z.object({
        code: instrumentCode,
        size: z.coerce.number().int().min(1).max(50).default(5),
        page: z.string().max(40).optional(),
      }),
    datas: () =>
      z.array(
        z.object({
          name: z.string(),
          content: z.string(),
          effectdateMap: z.object({ beginDate: z.string() }),
          tagDescMap: z.array(z.object({ tag: z.string() })),
        }),
      ),
  }),
  ...stockCompareEndpoints,
});
