import { z } from 'zod';
import { defineEndpoint, defineGroup } from './endpoint.ts';
import { instrumentTypeSchema, quoteStatus } from './instrument.ts';
import { lazySchema } from './lazy-schema.ts';

/**
 * Price alerts, the message box and the notification settings (spec 2 §7.3 "Price alerts", the
 * push-setting and user-switch calls of "Config and user"; issue 16 items 3 and 4). Alerts are
 * judged on the server on every engine tick; a fired alert lands in the message box, goes to the
 * user's open sockets (ws.ts `alert`) and, by the user's switches, to WeChat or the app's push.
 */

/**
 * What an alert watches. Every threshold is positive and ratios are fractions (0.05 = 5%):
 * - priceAbove / priceBelow: the price at or above / at or below `value`;
 * - changeAbove / changeBelow: the day's change at or above +value / at or below −value;
 * - speedUp / speedDown: the change over the last 5 minutes at or above +value / at or below −value;
 * - turnoverAbove: 换手率 at or above value; amountAbove: 成交额 (yuan) at or above value;
 * - limitUp / limitDown: the price reaches 涨停 / 跌停 (no value);
 * - navChangeAbove / navChangeBelow: a fund's published NAV change at or above +value / at or
 *   below −value (judged once per published NAV).
 */
export const alertKinds = [
  'priceAbove',
  'priceBelow',
  'changeAbove',
  'changeBelow',
  'speedUp',
  'speedDown',
  'turnoverAbove',
  'amountAbove',
  'limitUp',
  'limitDown',
  'navChangeAbove',
  'navChangeBelow',
] as const;
export const alertKind = lazySchema(() => z.enum(alertKinds));
export type AlertKind = z.infer<typeof alertKind>;

/**
 * How each kind reads in Chinese and what its value is: a price, a ratio (a fraction the editor
 * shows as %), an amount in yuan (shown in 亿), or none. The server writes messages and the web
 * writes the editor from this one table.
 */
export const alertKindInfo: Readonly<
  Record<AlertKind, { label: string; unit: 'price' | 'ratio' | 'amount' | 'none' }>
> = {
  priceAbove: { label: '股价涨到', unit: 'price' },
  priceBelow: { label: '股价跌到', unit: 'price' },
  changeAbove: { label: '日涨幅超过', unit: 'ratio' },
  changeBelow: { label: '日跌幅超过', unit: 'ratio' },
  speedUp: { label: '5分钟涨速超过', unit: 'ratio' },
  speedDown: { label: '5分钟跌速超过', unit: 'ratio' },
  turnoverAbove: { label: '换手率超过', unit: 'ratio' },
  amountAbove: { label: '成交额超过', unit: 'amount' },
  limitUp: { label: '触及涨停', unit: 'none' },
  limitDown: { label: '触及跌停', unit: 'none' },
  navChangeAbove: { label: '净值涨幅超过', unit: 'ratio' },
  navChangeBelow: { label: '净值跌幅超过', unit: 'ratio' },
};

export const alertFrequencyLabels: Readonly<Record<'once' | 'daily' | 'always', string>> = {
  once: '仅提醒一次',
  daily: '每天提醒一次',
  always: '每次提醒',
};

/** once: fires once, then pauses itself; daily: at most once a trading day; always: with a cool-down. */
export const alertFrequencies = ['once', 'daily', 'always'] as const;
export const alertFrequency = lazySchema(() => z.enum(alertFrequencies));
export type AlertFrequency = z.infer<typeof alertFrequency>;

/** An `always` alert rests this long after it fires, so a price hovering at the line does not flood. */
export const alertCooldownMs = 10 * 60 * 1000;
/** Alerts one user may hold, and per instrument one of each kind. */
export const maxAlertsPerUser = 500;
/** Fired alerts and notices stay in the message box this long. */
export const messageRetentionDays = 30;

const alertId = lazySchema(() => z.coerce.number().int().positive());
const instrumentCode = lazySchema(() => z.string().trim().toUpperCase().min(1).max(20));
/** A threshold; positive for every kind but `limitUp`/`limitDown`, which ignore it (the service checks). */
const alertValue = lazySchema(() => z.coerce.number().min(0, '提醒数值须大于 0').max(1e14, '提醒数值过大'));

export const priceAlert = lazySchema(() =>
  z.object({
    id: z.number().int(),
    code: z.string(),
    kind: alertKind,
    /** The threshold (price in the instrument's currency, ratio as a fraction, amount in yuan); 0 for limits. */
    value: z.number(),
    frequency: alertFrequency,
    enabled: z.boolean(),
    /** ISO-8601 time it last fired, null if never. */
    lastFiredAt: z.string().nullable(),
    createdAt: z.string(),
  }),
);
export type PriceAlert = z.infer<typeof priceAlert>;

/** What the editor shows beside the alerts: the quote the thresholds are judged against. */
export const alertQuote = lazySchema(() =>
  z.object({
    code: z.string(),
    name: z.string(),
    type: instrumentTypeSchema,
    status: quoteStatus,
    price: z.number().nullable(),
    prevClose: z.number().nullable(),
    chgPct: z.number().nullable(),
    limitUp: z.number().nullable(),
    limitDown: z.number().nullable(),
  }),
);
export type AlertQuote = z.infer<typeof alertQuote>;

/**
 * One instrument's alerts with its quote (pushInfo, and each entry of pricePushlist), and the kinds
 * it can have: listed instruments watch prices, funds priced once a day their NAV change, only
 * instruments with daily limits 涨停/跌停, indices no 换手率.
 */
export const instrumentAlerts = lazySchema(() =>
  z.object({
    quote: alertQuote,
    alerts: z.array(priceAlert),
    kinds: z.array(alertKind),
  }),
);
export type InstrumentAlerts = z.infer<typeof instrumentAlerts>;

/** One alert to set: the editor's row. */
export const alertDraft = lazySchema(() =>
  z.object({
    kind: alertKind,
    value: alertValue.default(0),
    frequency: alertFrequency.default('once'),
  }),
);
export type AlertDraft = z.infer<typeof alertDraft>;

/** An entry of the message box: a fired alert, or a notice from us. */
export const alertMessage = lazySchema(() =>
  z.object({
    id: z.number().int(),
    category: z.enum(['alert', 'notice']),
    /** The alert that fired (it may have been deleted since); null for notices. */
    alertId: z.number().int().nullable(),
    code: z.string().nullable(),
    name: z.string().nullable(),
    instrumentType: instrumentTypeSchema.nullable(),
    kind: alertKind.nullable(),
    title: z.string(),
    body: z.string(),
    /** The price when it fired. */
    price: z.number().nullable(),
    firedAt: z.string(),
    read: z.boolean(),
    /**
     * The app path a tap opens (a strategy notice its `/chooseSuper?id=`, an alert its instrument);
     * null on messages stored before paths were kept, which open their instrument if they have one.
     */
    path: z.string().nullable(),
  }),
);
export type AlertMessage = z.infer<typeof alertMessage>;

/**
 * Topics and markets a user is notified about (`/notificationSetting`, `/notificationSettingHk`):
 * price alerts of A-shares and funds, of Hong Kong, announcements, news and strategy changes.
 */
export const pushSettingKeys = ['priceAlert', 'hkPriceAlert', 'announcement', 'news', 'strategy'] as const;
export type PushSettingKey = (typeof pushSettingKeys)[number];

/** HH:MM, Asia/Shanghai. */
const clockTime = lazySchema(() => z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, '时间格式应为 HH:MM'));

/** 免打扰: no WeChat or app push in this window (it may span midnight); the message box still fills. */
export const quietHours = lazySchema(() =>
  z.object({ enabled: z.boolean(), start: clockTime, end: clockTime }),
);
export type QuietHours = z.infer<typeof quietHours>;

export const pushSettings = lazySchema(() =>
  z.object({
    topics: z.record(z.enum(pushSettingKeys), z.boolean()),
    quietHours,
  }),
);
export type PushSettings = z.infer<typeof pushSettings>;

/**
 * The user's switches: how notifications reach them (app push, WeChat template messages, the in-app
 * banner) and display preferences.
 */
export const userSwitchKeys = [
  'appPush',
  'wechatNotify',
  'inAppBanner',
  'showVolume',
  'redUpGreenDown',
  'autoRefresh',
  'personalizedAds',
] as const;
export type UserSwitchKey = (typeof userSwitchKeys)[number];
export const userSwitch = lazySchema(() =>
  z.object({ key: z.enum(userSwitchKeys), name: z.string(), enabled: z.boolean() }),
);
export type UserSwitch = z.infer<typeof userSwitch>;

const idList = lazySchema(() => z.array(z.number().int().positive()).min(1).max(maxAlertsPerUser));

export const alertEndpoints = defineGroup('alert', {
  pricePushlist: defineEndpoint({
    method: 'GET',
    path: '/api/v2/pricePush/pricePushlist',
    auth: 'required',
    summary: '我的全部价格提醒，按品种分组（最近设置的在前）',
    datas: () => z.array(instrumentAlerts),
  }),
  pushInfo: defineEndpoint({
    method: 'GET',
    path: '/api/v2/pricePush/pushInfo',
    auth: 'required',
    summary: '一个品种的价格提醒与当前行情',
    query: () => z.object({ code: instrumentCode }),
    datas: () => instrumentAlerts,
  }),
  add: defineEndpoint({
    method: 'GET',
    path: '/api/v2/pricePush/add',
    auth: 'required',
    summary: '添加一条价格提醒（同一品种同一类型已有时改为新值）',
    query: () => z.object({ code: instrumentCode, ...alertDraft.shape }),
    datas: () => priceAlert,
  }),
  setChange: defineEndpoint({
    method: 'GET',
    path: '/api/v2/pricePush/setChange',
    auth: 'required',
    summary: '修改一条价格提醒：数值、频率、暂停或恢复',
    query: () =>
      z.object({
        id: alertId,
        value: alertValue.optional(),
        frequency: alertFrequency.optional(),
        enabled: z
          .enum(['true', 'false', '1', '0'])
          .transform((flag) => flag === 'true' || flag === '1')
          .optional(),
      }),
    datas: () => priceAlert,
  }),
  deleteByCode: defineEndpoint({
    method: 'GET',
    path: '/api/v2/pricePush/deleteByCode',
    auth: 'required',
    summary: '删除一个品种的全部价格提醒',
    query: () => z.object({ code: instrumentCode }),
    datas: () => z.object({ deleted: z.number().int() }),
  }),
  listForUserSwitch: defineEndpoint({
    method: 'GET',
    path: '/api/v2/pricePush/listForUserSwitch',
    auth: 'required',
    summary: '通知设置页的提醒列表：全部提醒（含已暂停），最近设置的在前',
    datas: () => z.array(priceAlert.extend({ name: z.string(), instrumentType: instrumentTypeSchema })),
  }),
  batchAdd: defineEndpoint({
    method: 'POST',
    path: '/api/v2/pricePush/batchAdd',
    auth: 'required',
    summary: '一次设置一个品种的多条提醒（编辑器保存）；每种类型一条，已有的改为新值',
    query: () => z.object({ code: instrumentCode }),
    body: () => z.object({ alerts: z.array(alertDraft).min(1).max(alertKinds.length) }),
    datas: () => instrumentAlerts,
  }),
  batchUpdate: defineEndpoint({
    method: 'POST',
    path: '/api/v2/pricePush/batchUpdate',
    auth: 'required',
    summary: '批量暂停、恢复或修改频率',
    body: () =>
      z.object({
        ids: idList,
        enabled: z.boolean().optional(),
        frequency: alertFrequency.optional(),
      }),
    datas: () => z.array(priceAlert),
  }),
  delForUserSwitch: defineEndpoint({
    method: 'POST',
    path: '/api/v2/pricePush/delForUserSwitch',
    auth: 'required',
    summary: '批量删除价格提醒',
    body: () => z.object({ ids: idList }),
    datas: () => z.object({ deleted: z.number().int() }),
  }),
  messageList: defineEndpoint({
    method: 'GET',
    path: '/api/v2/pricePush/messageList',
    auth: 'required',
    summary: '消息盒子：已触发的提醒与通知（30 天内，新的在前）',
    query: () =>
      z.object({
        category: z.enum(['alert', 'notice']).optional(),
        page: z.coerce.number().int().min(1).max(1000).default(1),
        size: z.coerce.number().int().min(1).max(100).default(20),
      }),
    datas: () => z.object({ list: z.array(alertMessage), total: z.number().int(), unread: z.number().int() }),
  }),
  unreadCount: defineEndpoint({
    method: 'GET',
    path: '/api/v2/pricePush/unreadCount',
    auth: 'required',
    summary: '未读消息数（我的页角标）',
    datas: () => z.object({ alert: z.number().int(), notice: z.number().int(), total: z.number().int() }),
  }),
  readMessages: defineEndpoint({
    method: 'POST',
    path: '/api/v2/pricePush/readMessages',
    auth: 'required',
    summary: '标记消息已读：给定 ids，或某类全部',
    body: () =>
      z.object({
        ids: idList.optional(),
        category: z.enum(['alert', 'notice', 'all']).optional(),
      }),
    datas: () => z.object({ updated: z.number().int() }),
  }),
  pushSet: defineEndpoint({
    method: 'POST',
    path: '/api/v2/user/pushSet',
    auth: 'required',
    marksWatchlist: true,
    summary: '推送设置：按主题开关，或免打扰时段',
    body: () =>
      z.object({
        key: z.enum(pushSettingKeys).optional(),
        enabled: z.boolean().optional(),
        quietHours: quietHours.optional(),
      }),
    datas: () => pushSettings,
  }),
  pushSettings: defineEndpoint({
    method: 'GET',
    path: '/api/v2/user/pushSettings',
    auth: 'required',
    summary: '当前推送设置（通知设置页）',
    datas: () => pushSettings,
  }),
  switchList: defineEndpoint({
    method: 'GET',
    path: '/api/v2/userSwitch/switchList',
    auth: 'required',
    summary: '用户开关列表（通知渠道与显示偏好）',
    datas: () => z.array(userSwitch),
  }),
  editSwitch: defineEndpoint({
    method: 'POST',
    path: '/api/v2/userSwitch/edit',
    auth: 'required',
    summary: '修改一个用户开关',
    body: () => z.object({ key: z.enum(userSwitchKeys), enabled: z.boolean() }),
    datas: () => z.array(userSwitch),
  }),
});
