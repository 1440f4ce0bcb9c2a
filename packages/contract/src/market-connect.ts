import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';
import { dayNumber, instrumentTypeSchema } from './instrument.ts';
import { lazySchema } from './lazy-schema.ts';

/**
 * The market group's 沪深港通 part (spec 2 §2.2 /northDates, /southDates, /StockConnectDetail,
 * /newDateStock, /swingStocks; §7.3 "/api/v3/appMarket/*: … north-bound and south-bound",
 * "/api/v3/market/*: … HK-connect details", "/api/v3/ipo/*"): the flows of Stock Connect by minute
 * and by day, one day's per-channel detail with its quotas, the new-listing calendar and today's
 * unusual moves. Amounts are yuan, changes fractions (0.031 = 3.1%).
 */

export const connectDirection = lazySchema(() =>
  z.enum(['north', 'south'], { error: '方向只能是 north（北向）或 south（南向）' }),
);
export type ConnectDirection = z.infer<typeof connectDirection>;

/** One channel's day: what was bought and sold through it, the net, and its daily quota. */
export const connectChannelDay = lazySchema(() =>
  z.object({
    name: z.string(),
    buyAmount: z.number(),
    sellAmount: z.number(),
    /** buyAmount − sellAmount. */
    netInflow: z.number(),
    /** The channel's daily quota (每日额度): 520亿 northbound, 420亿 southbound. */
    quota: z.number(),
    /** Quota used: the net buying, never below zero. */
    quotaUsed: z.number(),
    /** quota − quotaUsed. */
    quotaLeft: z.number(),
  }),
);
export type ConnectChannelDay = z.infer<typeof connectChannelDay>;

/** A trading day of one direction: the net of each channel and their sum. */
export const connectDayRow = lazySchema(() =>
  z.object({
    day: dayNumber,
    netInflow: z.number(),
    /** Net inflow per channel, in the order of `channelNames`. */
    channels: z.array(z.number()),
  }),
);
export type ConnectDayRow = z.infer<typeof connectDayRow>;

export const connectFlowDatas = lazySchema(() =>
  z.object({
    direction: connectDirection,
    /** The day the figures are for: today's session, or the last one while the market is shut. */
    tradingDay: dayNumber,
    channelNames: z.array(z.string()),
    /** Today's net, equal to northSummary/southSummary's. */
    netInflow: z.number(),
    /** Today's net per channel, in the order of `channelNames`; they add up to netInflow. */
    channels: z.array(z.number()),
    /**
     * Cumulative net inflow by minute through the session so far: [hhmm, total, channel 1, channel 2].
     * The channels add up to the total at every minute; the last row is the day's net.
     */
    intraday: z.array(z.tuple([z.number().int(), z.number(), z.number(), z.number()])),
    /** The last `days` trading days, newest first (today included once the session has begun). */
    history: z.array(connectDayRow),
    /** The sum of history's nets. */
    cumulative: z.number(),
  }),
);
export type ConnectFlowDatas = z.infer<typeof connectFlowDatas>;

export const connectTopRow = lazySchema(() =>
  z.object({
    code: z.string(),
    name: z.string(),
    type: instrumentTypeSchema,
    channel: z.string(),
    price: z.number().nullable(),
    chgPct: z.number().nullable(),
    buyAmount: z.number(),
    sellAmount: z.number(),
    netInflow: z.number(),
  }),
);

export const connectDetailDatas = lazySchema(() =>
  z.object({
    tradingDay: dayNumber,
    /** Trading days that have a detail, newest first, for the day picker. */
    days: z.array(dayNumber),
    north: z.object({ netInflow: z.number(), channels: z.array(connectChannelDay) }),
    /** Null on a day Hong Kong did not trade (southbound closed). */
    south: z.object({ netInflow: z.number(), channels: z.array(connectChannelDay) }).nullable(),
    /** The day's most traded shares through each direction (十大成交股). */
    topTraded: z.object({ north: z.array(connectTopRow), south: z.array(connectTopRow) }),
  }),
);

export const ipoRow = lazySchema(() =>
  z.object({
    code: z.string(),
    name: z.string(),
    type: instrumentTypeSchema,
    board: z.string(),
    listingDay: dayNumber,
    /** Trading days since listing, the listing day being 1. */
    tradingDays: z.number().int(),
    /** Close of the first trading day against its reference price; null when the history lacks that day. */
    firstDayChgPct: z.number().nullable(),
    firstDayClose: z.number().nullable(),
    /** True while the share trades in its first days without a price limit (新股前五日不设涨跌幅). */
    noLimit: z.boolean(),
    price: z.number().nullable(),
    chgPct: z.number().nullable(),
    /** Change since the first day's close. */
    sinceListingPct: z.number().nullable(),
  }),
);
export type IpoRow = z.infer<typeof ipoRow>;

export const ipoCalendarDatas = lazySchema(() =>
  z.object({
    tradingDay: dayNumber,
    /** Shares subscribed today (今日申购): the demo market has no subscription book, so none. */
    subscribing: z.array(ipoRow),
    /** Shares with a listing day after today (待上市). */
    upcoming: z.array(ipoRow),
    /** The latest listings, newest first (已上市). */
    listed: z.array(ipoRow),
  }),
);

export const swingKind = lazySchema(() =>
  z.enum(['rise', 'fall', 'sealUp', 'openUp', 'sealDown', 'openDown', 'bigDeal'], {
    error: '异动类型不正确',
  }),
);
export type SwingKind = z.infer<typeof swingKind>;

export const swingEvent = lazySchema(() =>
  z.object({
    code: z.string(),
    name: z.string(),
    type: instrumentTypeSchema,
    kind: swingKind,
    /** The minute of the move (hhmm), its minute bar's price and the change from the previous close. */
    minute: z.number().int(),
    price: z.number(),
    chgPct: z.number(),
    /** rise/fall: the move within the window (fraction); bigDeal: the minute's amount in yuan; else the limit price. */
    value: z.number(),
  }),
);
export type SwingEvent = z.infer<typeof swingEvent>;

export const swingStocksDatas = lazySchema(() =>
  z.object({
    tradingDay: dayNumber,
    /** Whether the session is live (the list grows while it is). */
    live: z.boolean(),
    /** Newest first. */
    list: z.array(swingEvent),
  }),
);

export const marketConnectEndpoints = {
  connectFlow: defineEndpoint({
    method: 'GET',
    path: '/api/v3/appMarket/connectFlow',
    auth: 'none',
    summary: '北向/南向资金：当日分时净流入与近 30/90/250 日净流入',
    query: () =>
      z.object({
        direction: connectDirection,
        days: z.coerce
          .number()
          .int()
          .refine((days) => days === 30 || days === 90 || days === 250, '天数只能是 30、90 或 250')
          .default(30),
      }),
    datas: () => connectFlowDatas,
  }),
  connectDetail: defineEndpoint({
    method: 'GET',
    path: '/api/v3/market/connectDetail',
    auth: 'none',
    summary: '沪深港通详情：某日各通道买入、卖出、净流入与额度，十大成交股',
    query: () =>
      z.object({
        day: z.coerce
          .number({ error: '日期格式应为 YYYYMMDD' })
          .int('日期格式应为 YYYYMMDD')
          .min(19000101, '日期格式应为 YYYYMMDD')
          .max(21001231, '日期格式应为 YYYYMMDD')
          .optional(),
      }),
    datas: () => connectDetailDatas,
  }),
  ipoCalendar: defineEndpoint({
    method: 'GET',
    path: '/api/v3/ipo/ipoCalendar',
    auth: 'none',
    summary: '新股日历：今日申购、待上市、已上市',
    query: () => z.object({ size: z.coerce.number().int().min(1).max(100).default(30) }),
    datas: () => ipoCalendarDatas,
  }),
  swingStocks: defineEndpoint({
    method: 'GET',
    path: '/api/v3/market/swingStocks',
    auth: 'none',
    summary: '异动个股：快速拉升、快速下跌、封涨停、打开涨停、封跌停、大笔成交',
    query: () =>
      z.object({
        kind: swingKind.optional(),
        size: z.coerce.number().int().min(1).max(500).default(200),
      }),
    datas: () => swingStocksDatas,
  }),
};
