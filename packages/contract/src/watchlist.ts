import { z } from 'zod';
import { defineEndpoint, defineGroup } from './endpoint.ts';
import { instrumentCode, instrumentCodeList, instrumentRef, quoteStatus } from './instrument.ts';
import { lazySchema } from './lazy-schema.ts';

/**
 * The watchlist (自选, spec 2 §7.3 "Watchlist", issue 16 items 1–2). The model, as 东方财富 and 同花顺
 * keep it:
 * - every user has one default group, 全部, that cannot be renamed or deleted: it holds every
 *   instrument the user follows. Adding to a user group adds to 全部 as well; removing from 全部
 *   (delOptional, batchDelOptional, batchDelOpt without a group) unfollows the instrument in every
 *   group; removing from a user group leaves it in 全部;
 * - user groups (kind `user`) are the user's own folders; strategy groups (kind `strategy`,
 *   `optType=strategy`) keep what a selection strategy picked and stay out of 全部;
 * - an item is an instrument in a group, with its place in the group and a pin (置顶); pinned items
 *   come first, the most recently pinned on top;
 * - the remark, the date and price when added and the holding (shares, cost) belong to the
 *   instrument, so they are the same in every group.
 * Limits: 30 groups and 500 items a group, refused with 037 and a message saying so.
 * Another user's group answers 404 as an unknown one does.
 */

export const WATCHLIST_GROUP_LIMIT = 30;
export const WATCHLIST_ITEM_LIMIT = 500;
/** The default group's name; no other group may take it. */
export const DEFAULT_GROUP_NAME = '全部';

/** A group id as queries carry it (`?groupId=12`). */
export const groupId = lazySchema(() => z.coerce.number().int().min(1).max(2_147_483_647));
/** A comma-separated list of group ids (`?groupIds=3,5`), or an array in a body. */
export const groupIdList = lazySchema(() =>
  z
    .union([
      z
        .string()
        .trim()
        .max(400)
        .transform((text): unknown[] => text.split(',').filter((part) => part.trim() !== '')),
      z.array(z.union([z.string(), z.number()])).max(WATCHLIST_GROUP_LIMIT + 1),
    ])
    .pipe(z.array(groupId).max(WATCHLIST_GROUP_LIMIT + 1))
    .transform((ids) => [...new Set(ids)]),
);

/** Codes in a body: an array, or one comma-separated string (as the original client sends them). */
export const codeArray = lazySchema(() =>
  z.union([
    z
      .array(instrumentCode)
      .max(WATCHLIST_ITEM_LIMIT)
      .transform((codes) => [...new Set(codes)]),
    instrumentCodeList,
  ]),
);

export const groupKinds = ['default', 'user', 'strategy'] as const;
export const groupKind = lazySchema(() => z.enum(groupKinds));
export type GroupKind = z.infer<typeof groupKind>;

/** `optType`: the user's own groups (`normal`, with 全部) or the strategy groups. */
export const optType = lazySchema(() => z.enum(['normal', 'strategy']));

const groupName = lazySchema(() =>
  z
    .string()
    .trim()
    .min(1, '请输入分组名称')
    .max(12, '分组名称最多 12 个字')
    .refine((name) => !/\p{Cc}/u.test(name), '分组名称不能含控制字符'),
);

export const watchlistGroup = lazySchema(() =>
  z.object({
    id: z.number().int(),
    name: z.string(),
    kind: groupKind,
    /** 0-based place among the groups of its kind; 全部 is always first. */
    order: z.number().int(),
    /** Items in the group. */
    count: z.number().int(),
  }),
);
export type WatchlistGroup = z.infer<typeof watchlistGroup>;

export const holding = lazySchema(() =>
  z.object({
    /** Shares (fund units) held; positive. */
    shares: z.number().positive().max(1e12),
    /** Cost per share in the instrument's currency; positive. */
    cost: z.number().positive().max(1e7),
  }),
);
export type Holding = z.infer<typeof holding>;

/** An item without quotes: what sync, the sort page and the group picker need. */
export const watchlistItem = lazySchema(() =>
  instrumentRef.extend({
    groupId: z.number().int(),
    pinned: z.boolean(),
    remark: z.string(),
    /** ISO-8601 UTC time the instrument was added (or its add date reset). */
    addedAt: z.string(),
    /** The price when added; null when there was none (a market without quotes). */
    addedPrice: z.number().nullable(),
    holding: holding.nullable(),
  }),
);
export type WatchlistItem = z.infer<typeof watchlistItem>;

/**
 * The columns of the list that carry figures, each sortable server-side (`column=`). Every figure
 * is a fraction where it is a ratio (0.0312 = 3.12%), yuan for amounts (HK dollars for Hong Kong
 * prices and P&L), null where it does not exist (an index has no PE, a fund no 换手率).
 */
export const watchlistColumns = [
  'price',
  'chgPct',
  'chg',
  'amount',
  'turnoverRate',
  'volumeRatio',
  'marketCap',
  'pe',
  'chg5d',
  'chg20d',
  'chg60d',
  'chgYtd',
  'sinceAdded',
  'holdingProfit',
] as const;
export const watchlistColumn = lazySchema(() => z.enum(watchlistColumns));
export type WatchlistColumn = z.infer<typeof watchlistColumn>;

/** `column=`: a figure, or `default` (the user's order) and the two text columns. */
export const listSortColumn = lazySchema(() => z.enum(['default', 'name', 'code', ...watchlistColumns]));
/** `subColumn=` of listOptionalV4Items: the sort direction of `column` (ignored for `default`). */
export const sortDirection = lazySchema(() => z.enum(['desc', 'asc']));
/** `subColumn=` of avgChg: the change figure averaged over the group. */
export const changeColumn = lazySchema(() =>
  z.enum(['chgPct', 'chg5d', 'chg20d', 'chg60d', 'chgYtd', 'sinceAdded']),
);
/** The market tabs of the watchlist page: all, 沪深 (A-shares, their indices and ETFs), 港股, 基金. */
export const watchlistMarket = lazySchema(() => z.enum(['all', 'hs', 'hk', 'fund']));

export const watchlistRow = lazySchema(() =>
  watchlistItem.extend({
    status: quoteStatus.nullable(),
    /**
     * The quote fell behind while its market trades (15 s older than the market's latest tick), or
     * there is no quote: the list marks the row so a frozen price is not read as current.
     */
    stale: z.boolean(),
    /** Epoch ms of the quote's last tick; null without a quote. */
    time: z.number().nullable(),
    price: z.number().nullable(),
    chg: z.number().nullable(),
    chgPct: z.number().nullable(),
    amount: z.number().nullable(),
    turnoverRate: z.number().nullable(),
    /** 量比: volume per minute today ÷ the average per minute of the 5 days before. */
    volumeRatio: z.number().nullable(),
    marketCap: z.number().nullable(),
    pe: z.number().nullable(),
    /** Change over the last 5, 20 and 60 trading days to now, adjusted for dividends and splits. */
    chg5d: z.number().nullable(),
    chg20d: z.number().nullable(),
    chg60d: z.number().nullable(),
    /** Change since the last close of the previous year (年初至今). */
    chgYtd: z.number().nullable(),
    /** price ÷ addedPrice − 1 (加自选以来). */
    sinceAdded: z.number().nullable(),
    /** (price − cost) × shares with a holding, else null. */
    holdingProfit: z.number().nullable(),
    /** price ÷ cost − 1 with a holding, else null. */
    holdingProfitPct: z.number().nullable(),
  }),
);
export type WatchlistRow = z.infer<typeof watchlistRow>;

/** The lighter row of listOptionalV3Items (older clients: price and today's change only). */
export const watchlistRowV3 = lazySchema(() =>
  watchlistRow.pick({
    code: true,
    name: true,
    type: true,
    groupId: true,
    pinned: true,
    remark: true,
    status: true,
    stale: true,
    price: true,
    chg: true,
    chgPct: true,
  }),
);

/** A column the user may show, hide and order (optSort). */
export const columnSetting = lazySchema(() => z.object({ key: watchlistColumn, visible: z.boolean() }));
export const columnSettings = lazySchema(() =>
  z.object({
    /** In display order; every column once. Unknown or repeated keys are refused. */
    columns: z
      .array(columnSetting)
      .min(1)
      .max(watchlistColumns.length)
      .refine(
        (columns) => new Set(columns.map((column) => column.key)).size === columns.length,
        '列不能重复',
      ),
  }),
);
export type ColumnSettings = z.infer<typeof columnSettings>;

/** The K-line view of the detail pages (optSort/getKSet): period, adjustment, indicators. */
export const kLineIndicators = ['MA', 'EMA', 'BOLL', 'SAR'] as const;
export const kLineSubIndicators = ['VOL', 'MACD', 'KDJ', 'RSI', 'WR', 'BIAS', 'CCI', 'DMI', 'OBV'] as const;
export const kLineSettings = lazySchema(() =>
  z.object({
    period: z.enum(['minute', 'fiveDay', 'day', 'week', 'month', 'quarter', 'year']),
    /** 前复权 forward, 后复权 backward, 不复权 none. */
    adjust: z.enum(['forward', 'backward', 'none']),
    mainIndicator: z.enum(kLineIndicators),
    /** Up to three panes under the chart, top first. */
    subIndicators: z
      .array(z.enum(kLineSubIndicators))
      .max(3)
      .refine((list) => new Set(list).size === list.length, '指标不能重复'),
    /** The MA lines' day counts. */
    maDays: z.array(z.number().int().min(2).max(250)).min(1).max(6),
  }),
);
export type KLineSettings = z.infer<typeof kLineSettings>;

/** One line of an import (screenshot or pasted text) and what it matched in the instrument master. */
export const importCandidate = lazySchema(() =>
  z.object({
    /** The text as read (one line of the paste, or an OCR line). */
    text: z.string(),
    /** `matched`: one instrument; `ambiguous`: several, the user picks; `unmatched`: none. */
    status: z.enum(['matched', 'ambiguous', 'unmatched']),
    /** Best first; at most 5. */
    matches: z.array(instrumentRef),
    /** Already in 全部: the confirmation page shows it ticked and greyed. */
    followed: z.boolean(),
  }),
);
export const importResult = lazySchema(() =>
  z.object({
    candidates: z.array(importCandidate),
    /**
     * How the lines were read: pasted `text`, `ocr` of names and codes, or `ocr-digits` (codes only,
     * where no Chinese model is installed), so the page can suggest the paste import for names.
     */
    reader: z.enum(['text', 'ocr', 'ocr-digits']),
  }),
);
export type ImportResult = z.infer<typeof importResult>;

const okDatas = lazySchema(() => z.object({ ok: z.literal(true) }));
const groupQuery = lazySchema(() => z.object({ groupId }));
const optionalGroupQuery = lazySchema(() => z.object({ groupId: groupId.optional() }));
const codeQuery = lazySchema(() => z.object({ code: instrumentCode }));
const codesBody = lazySchema(() => z.object({ codes: codeArray }));
const groupIdsOfCode = lazySchema(() => z.object({ code: z.string(), groupIds: z.array(z.number().int()) }));

export const watchlistEndpoints = defineGroup('watchlist', {
  // capital/*: the default group (全部), as the detail pages and the original client call it.
  addOptional: defineEndpoint({
    method: 'GET',
    path: '/api/v2/capital/addOptional',
    auth: 'required',
    marksWatchlist: true,
    summary: '加自选（默认分组，可同时加入指定分组）',
    query: () => z.object({ code: instrumentCode, groupIds: groupIdList.optional() }),
    datas: () => groupIdsOfCode,
  }),
  delOptional: defineEndpoint({
    method: 'GET',
    path: '/api/v2/capital/delOptional',
    auth: 'required',
    marksWatchlist: true,
    summary: '删自选（从所有分组移除）',
    query: () => codeQuery,
    datas: () => z.object({ removed: z.number().int() }),
  }),
  sortOptional: defineEndpoint({
    method: 'POST',
    path: '/api/v2/capital/sortOptional',
    auth: 'required',
    marksWatchlist: true,
    summary: '默认分组排序（codes 为新顺序；未列出的保持原位）',
    body: () => codesBody,
    datas: () => okDatas,
  }),
  batchDelOptional: defineEndpoint({
    method: 'POST',
    path: '/api/v2/capital/batchDelOptional',
    auth: 'required',
    marksWatchlist: true,
    summary: '批量删自选（从所有分组移除）',
    body: () => codesBody,
    datas: () => z.object({ removed: z.number().int() }),
  }),

  // opt/*: groups and items.
  addOpt: defineEndpoint({
    method: 'GET',
    path: '/api/v2/opt/addOpt',
    auth: 'required',
    marksWatchlist: true,
    summary: '加入分组（多只；未给分组时加入默认分组）',
    query: () => z.object({ codes: instrumentCodeList, groupIds: groupIdList.optional() }),
    datas: () =>
      z.object({
        /** Items created (an instrument already in a group is left as it is). */
        added: z.number().int(),
        groupIds: z.array(z.number().int()),
      }),
  }),
  changeOpt: defineEndpoint({
    method: 'GET',
    path: '/api/v2/opt/changeOpt',
    auth: 'required',
    summary: '设置一只证券所在的分组（分组选择器保存）：加入所列分组，移出其余用户分组',
    query: () => z.object({ code: instrumentCode, groupIds: groupIdList }),
    datas: () => groupIdsOfCode,
  }),
  moveOpt: defineEndpoint({
    method: 'GET',
    path: '/api/v2/opt/moveOpt',
    auth: 'required',
    marksWatchlist: true,
    summary: '移动分组：从一个用户分组移到另一个（来源为默认分组时为复制）',
    query: () => z.object({ codes: instrumentCodeList, fromGroupId: groupId, toGroupId: groupId }),
    datas: () => z.object({ moved: z.number().int() }),
  }),
  setTop: defineEndpoint({
    method: 'GET',
    path: '/api/v2/opt/setTop',
    auth: 'required',
    marksWatchlist: true,
    summary: '置顶或取消置顶（默认分组，或 groupId 指定的分组）',
    query: () =>
      z.object({
        code: instrumentCode,
        groupId: groupId.optional(),
        top: z.enum(['true', 'false', '1', '0']).default('true'),
      }),
    datas: () => z.object({ code: z.string(), pinned: z.boolean() }),
  }),
  reSetAddDate: defineEndpoint({
    method: 'GET',
    path: '/api/v2/opt/reSetAddDate',
    auth: 'required',
    marksWatchlist: true,
    summary: '重置加自选日期与价格为现在',
    query: () => codeQuery,
    datas: () => z.object({ code: z.string(), addedAt: z.string(), addedPrice: z.number().nullable() }),
  }),
  isOpt: defineEndpoint({
    method: 'GET',
    path: '/api/v2/opt/isOpt',
    auth: 'optional',
    summary: '是否已自选（未登录为否）',
    query: () => codeQuery,
    datas: () => z.object({ code: z.string(), isOpt: z.boolean(), groupIds: z.array(z.number().int()) }),
  }),
  groupIds: defineEndpoint({
    method: 'GET',
    path: '/api/v2/opt/groupIds',
    auth: 'required',
    summary: '一只证券所在的分组',
    query: () => codeQuery,
    datas: () => groupIdsOfCode,
  }),
  groupIdsMultiCodes: defineEndpoint({
    method: 'GET',
    path: '/api/v2/opt/groupIdsMultiCodes',
    auth: 'required',
    summary: '多只证券各自所在的分组',
    query: () => z.object({ codes: instrumentCodeList }),
    datas: () => z.array(groupIdsOfCode),
  }),
  optGroupList: defineEndpoint({
    method: 'GET',
    path: '/api/v2/opt/optGroupList',
    auth: 'required',
    summary: '分组列表（全部与用户分组，含数量）',
    datas: () => z.array(watchlistGroup),
  }),
  optGroupListV2: defineEndpoint({
    method: 'GET',
    path: '/api/v2/opt/optGroupListV2',
    auth: 'required',
    summary: '分组选择器：分组列表，并标出给定证券所在的分组',
    query: () => z.object({ code: instrumentCode.optional() }),
    datas: () => z.array(watchlistGroup.extend({ contains: z.boolean() })),
  }),
  optGroupListV3: defineEndpoint({
    method: 'GET',
    path: '/api/v2/opt/optGroupListV3',
    auth: 'required',
    summary: '按类型的分组列表（optType=strategy 为策略分组）',
    query: () => z.object({ optType: optType.default('normal') }),
    datas: () => z.array(watchlistGroup),
  }),
  addOptGroup: defineEndpoint({
    method: 'GET',
    path: '/api/v2/opt/addOptGroup',
    auth: 'required',
    marksWatchlist: true,
    summary: '新建分组（最多 30 个）',
    query: () => z.object({ name: groupName, optType: optType.default('normal') }),
    datas: () => watchlistGroup,
  }),
  renameOptGroup: defineEndpoint({
    method: 'GET',
    path: '/api/v2/opt/renameOptGroup',
    auth: 'required',
    marksWatchlist: true,
    summary: '重命名分组（默认分组不可改名）',
    query: () => z.object({ groupId, name: groupName }),
    datas: () => watchlistGroup,
  }),
  delOptGroup: defineEndpoint({
    method: 'GET',
    path: '/api/v2/opt/delOptGroup',
    auth: 'required',
    marksWatchlist: true,
    summary: '删除分组（默认分组不可删除；其中的证券仍在全部里）',
    query: () => groupQuery,
    datas: () => okDatas,
  }),
  optGroupItemNum: defineEndpoint({
    method: 'GET',
    path: '/api/v2/opt/optGroupItemNum',
    auth: 'required',
    summary: '分组内证券数量',
    query: () => groupQuery,
    datas: () => z.object({ groupId: z.number().int(), count: z.number().int(), limit: z.number().int() }),
  }),
  eventReminderOptGroupList: defineEndpoint({
    method: 'GET',
    path: '/api/v2/opt/eventReminderOptGroupList',
    auth: 'required',
    summary: '事件提醒用：各分组及其证券代码',
    datas: () => z.array(watchlistGroup.extend({ codes: z.array(z.string()) })),
  }),
  imgUpload: defineEndpoint({
    method: 'POST',
    path: '/api/v2/opt/imgUpload',
    auth: 'required',
    summary: '上传自选截图（PNG/JPEG 的 data URL，至多 700KB），返回 imageId 供 imgToStocks 识别',
    body: () =>
      z.object({
        image: z
          .string()
          .max(960_000, '图片不能超过 700KB')
          .regex(/^data:image\/(png|jpeg);base64,[A-Za-z0-9+/=]+$/, '请上传 PNG 或 JPEG 图片'),
      }),
    datas: () => z.object({ imageId: z.string() }),
  }),
  imgToStocks: defineEndpoint({
    method: 'GET',
    path: '/api/v2/opt/imgToStocks',
    auth: 'required',
    summary: '截图导入：识别已上传截图中的证券，返回候选供确认',
    query: () => z.object({ imageId: z.string().trim().min(1).max(64) }),
    datas: () => importResult,
  }),
  textToStocks: defineEndpoint({
    method: 'POST',
    path: '/api/v2/opt/textToStocks',
    auth: 'required',
    summary: '粘贴导入：每行一个代码、名称或拼音，返回候选供确认',
    body: () => z.object({ text: z.string().max(20_000, '内容过长') }),
    datas: () => importResult,
  }),
  queryBeginDate: defineEndpoint({
    method: 'GET',
    path: '/api/v2/opt/queryBeginDate',
    auth: 'required',
    summary: '加自选日期与当时价格',
    query: () => codeQuery,
    datas: () => z.object({ code: z.string(), addedAt: z.string(), addedPrice: z.number().nullable() }),
  }),
  listOptV4: defineEndpoint({
    method: 'GET',
    path: '/api/v2/opt/listOptV4',
    auth: 'required',
    summary: '分组内证券（无行情；置顶在前，按用户顺序）',
    query: () => optionalGroupQuery,
    datas: () => z.object({ groupId: z.number().int(), items: z.array(watchlistItem) }),
  }),
  listOptV3: defineEndpoint({
    method: 'GET',
    path: '/api/v2/opt/listOptV3',
    auth: 'optional',
    summary: '已自选的全部代码（列表页标“已自选”用；未登录为空）',
    datas: () => z.array(z.string()),
  }),
  remark: defineEndpoint({
    method: 'POST',
    path: '/api/v2/opt/remark/:code',
    auth: 'required',
    summary: '备注（空串为清除）',
    params: () => z.object({ code: instrumentCode }),
    body: () => z.object({ remark: z.string().trim().max(100, '备注最多 100 个字') }),
    datas: () => z.object({ code: z.string(), remark: z.string() }),
  }),
  holding: defineEndpoint({
    method: 'POST',
    path: '/api/v2/opt/holding/:code',
    auth: 'required',
    summary: '持仓（股数与成本；null 为清除）',
    params: () => z.object({ code: instrumentCode }),
    body: () => z.object({ holding: holding.nullable() }),
    datas: () => z.object({ code: z.string(), holding: holding.nullable() }),
  }),
  sortOpt: defineEndpoint({
    method: 'POST',
    path: '/api/v2/opt/sortOpt',
    auth: 'required',
    marksWatchlist: true,
    summary: '分组内排序：codes 为所列证券的新顺序，占据它们原来的位置；未列出的保持原位',
    query: () => groupQuery,
    body: () => codesBody,
    datas: () => okDatas,
  }),
  sortOptGroup: defineEndpoint({
    method: 'POST',
    path: '/api/v2/opt/sortOptGroup',
    auth: 'required',
    marksWatchlist: true,
    summary: '用户分组排序（所列分组按新顺序，未列出的保持原位）',
    body: () => z.object({ groupIds: groupIdList }),
    datas: () => okDatas,
  }),
  sortOptGroupV2: defineEndpoint({
    method: 'POST',
    path: '/api/v2/opt/sortOptGroupV2',
    auth: 'required',
    marksWatchlist: true,
    summary: '按类型的分组排序（optType=strategy 为策略分组）',
    query: () => z.object({ optType: optType.default('normal') }),
    body: () => z.object({ groupIds: groupIdList }),
    datas: () => okDatas,
  }),
  batchDelOpt: defineEndpoint({
    method: 'POST',
    path: '/api/v2/opt/batchDelOpt',
    auth: 'required',
    marksWatchlist: true,
    summary: '批量删除：给出用户分组时只移出该分组，否则从所有分组移除',
    query: () => optionalGroupQuery,
    body: () => codesBody,
    datas: () => z.object({ removed: z.number().int() }),
  }),
  avgChg: defineEndpoint({
    method: 'POST',
    path: '/api/v2/opt/avgChg',
    auth: 'required',
    summary: '分组平均涨跌（subColumn 为所平均的涨跌列）与涨跌家数',
    query: () => z.object({ subColumn: changeColumn.default('chgPct'), groupId: groupId.optional() }),
    body: () => z.object({ market: watchlistMarket.default('all') }),
    datas: () =>
      z.object({
        groupId: z.number().int(),
        /** Equal-weighted mean of the rows that have the figure; null when none has. */
        avgChg: z.number().nullable(),
        up: z.number().int(),
        down: z.number().int(),
        flat: z.number().int(),
        count: z.number().int(),
      }),
  }),
  userOptCount: defineEndpoint({
    method: 'POST',
    path: '/api/v2/opt/userOptCount',
    auth: 'required',
    summary: '已自选数量（全部）与分组数',
    body: () => z.object({}),
    datas: () => z.object({ count: z.number().int(), groups: z.number().int(), limit: z.number().int() }),
  }),
  listOptionalV4Items: defineEndpoint({
    method: 'POST',
    path: '/api/v2/opt/listOptionalV4Items',
    auth: 'required',
    summary: '自选列表（实时行情列，服务端排序；置顶始终在前）',
    query: () =>
      z.object({
        column: listSortColumn.default('default'),
        subColumn: sortDirection.default('desc'),
      }),
    body: () => z.object({ groupId: groupId.optional(), market: watchlistMarket.default('all') }),
    datas: () =>
      z.object({
        groupId: z.number().int(),
        /** Tick sequence of the quotes (the socket's seq), so a client can tell newer data. */
        seq: z.number().int(),
        items: z.array(watchlistRow),
      }),
  }),
  listOptionalV3Items: defineEndpoint({
    method: 'POST',
    path: '/api/v2/opt/listOptionalV3Items',
    auth: 'required',
    summary: '自选列表（简版：价格与当日涨跌，用户顺序）',
    body: () => z.object({ groupId: groupId.optional() }),
    datas: () => z.array(watchlistRowV3),
  }),

  // optSort/*: the user's column settings (A-shares, Hong Kong) and the K-line view.
  sortGet: defineEndpoint({
    method: 'GET',
    path: '/api/v2/optSort/get',
    auth: 'required',
    summary: '自选列设置（沪深）',
    datas: () => columnSettings,
  }),
  sortGetHk: defineEndpoint({
    method: 'GET',
    path: '/api/v2/optSort/getHk',
    auth: 'required',
    summary: '自选列设置（港股）',
    datas: () => columnSettings,
  }),
  sortGetKSet: defineEndpoint({
    method: 'GET',
    path: '/api/v2/optSort/getKSet',
    auth: 'required',
    summary: 'K 线设置',
    datas: () => kLineSettings,
  }),
  sortSet: defineEndpoint({
    method: 'POST',
    path: '/api/v2/optSort/set',
    auth: 'required',
    summary: '保存自选列设置（沪深）',
    body: () => columnSettings,
    datas: () => columnSettings,
  }),
  sortSetHk: defineEndpoint({
    method: 'POST',
    path: '/api/v2/optSort/setHk',
    auth: 'required',
    summary: '保存自选列设置（港股）',
    body: () => columnSettings,
    datas: () => columnSettings,
  }),
  sortSetKSet: defineEndpoint({
    method: 'POST',
    path: '/api/v2/optSort/setKSet',
    auth: 'required',
    summary: '保存 K 线设置',
    body: () => kLineSettings,
    datas: () => kLineSettings,
  }),
});
