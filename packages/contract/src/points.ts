import { z } from 'zod';
import { defineEndpoint, defineGroup } from './endpoint.ts';
import { lazySchema } from './lazy-schema.ts';

/**
 * 积分: the daily check-in, the points ledger, the points shop with delivery of physical goods and
 * the new-user tasks (spec 2 §2.2 "Points", §7.3 "Promotions"). The delivery-address calls sit
 * under /api/v2/raffle/ and /api/v2/express/ as the spec names them, but belong to this group: the
 * points shop is the only page that asks for an address.
 */

/**
 * spec 2 §2.2: the check-in calendar is a 7-day cycle. The n-th day of an unbroken streak earns
 * checkInCycle[(n - 1) % 7] points; a missed Beijing calendar day starts again at day 1. This is
 * the one place the rule is written; the server credits by it and the pages draw it.
 */
export const checkInCycle = [5, 5, 10, 10, 15, 15, 30] as const;

/** The points of the n-th (1-based) day of an unbroken streak. */
export function checkInPointsForDay(streakDay: number): number {
  return checkInCycle[(Math.max(1, streakDay) - 1) % checkInCycle.length] ?? checkInCycle[0];
}

/** The new-user tasks (/integralNewUser): each credits its points once, when first found done. */
export const newUserTasks = ['bindPhone', 'addWatchlist', 'firstCheckIn'] as const;
export type NewUserTask = (typeof newUserTasks)[number];
export const newUserTaskPoints: Readonly<Record<NewUserTask, number>> = {
  bindPhone: 50,
  addWatchlist: 20,
  firstCheckIn: 10,
};

/** How an exchanged good travels: 待发货 → 已发货 (with a tracking number) → 已签收. */
export const deliveryStatuses = ['pending', 'shipped', 'delivered'] as const;
export type DeliveryStatus = (typeof deliveryStatuses)[number];
export const deliveryStatusLabels: Readonly<Record<DeliveryStatus, string>> = {
  pending: '待发货',
  shipped: '已发货',
  delivered: '已签收',
};

/** Why points moved: a check-in, a task reward, or an exchange (spent). */
export const ledgerReasons = ['checkIn', 'task', 'exchange'] as const;

const recordId = lazySchema(() => z.coerce.number().int().min(1).max(2_147_483_647));
/** Cursor paging (reference/protocol.md `lastId`): the id of the last item the client holds. */
const lastId = lazySchema(() => z.coerce.number().int().min(1).max(2_147_483_647).optional());
const pageSize = lazySchema(() => z.coerce.number().int().min(1).max(50).default(20));

export const checkInDay = lazySchema(() =>
  z.object({
    /** 1..7, the place in the cycle. */
    day: z.number().int(),
    /** The Beijing calendar day, YYYY-MM-DD. */
    date: z.string(),
    points: z.number().int(),
    signed: z.boolean(),
    isToday: z.boolean(),
  }),
);

export const pointTask = lazySchema(() =>
  z.object({
    key: z.enum(['dailyCheckIn', ...newUserTasks]),
    title: z.string(),
    description: z.string(),
    points: z.number().int(),
    done: z.boolean(),
    /** Only new-user tasks are once; the daily check-in comes back every day. */
    once: z.boolean(),
  }),
);
export type PointTask = z.infer<typeof pointTask>;

export const pointInfo = lazySchema(() =>
  z.object({
    balance: z.number().int(),
    signedToday: z.boolean(),
    /** Days in a row up to today (or yesterday while today is still open). */
    streak: z.number().int(),
    /** What today's check-in gives (or gave). */
    todayPoints: z.number().int(),
    calendar: z.array(checkInDay),
    tasks: z.array(pointTask),
  }),
);
export type PointInfo = z.infer<typeof pointInfo>;

export const ledgerEntry = lazySchema(() =>
  z.object({
    id: z.number().int(),
    /** Positive when earned, negative when spent. */
    amount: z.number().int(),
    reason: z.enum(ledgerReasons),
    title: z.string(),
    createdAt: z.string(),
  }),
);
export type LedgerEntry = z.infer<typeof ledgerEntry>;

export const pointGood = lazySchema(() =>
  z.object({
    id: z.number().int(),
    name: z.string(),
    description: z.string(),
    image: z.string(),
    price: z.number().int(),
    stock: z.number().int(),
    /** How many one user may exchange in all. */
    perUserLimit: z.number().int(),
    /** How many this user has exchanged already. */
    exchanged: z.number().int(),
    /** Demo goods seeded into an empty shop (not real offers). */
    demo: z.boolean(),
  }),
);
export type PointGood = z.infer<typeof pointGood>;

/** spec 2 §7.3 createExpressInfo: a mainland mobile number (11 digits, 1[3-9]…). */
export const mainlandMobile = lazySchema(() =>
  z
    .string()
    .trim()
    .regex(/^1[3-9]\d{9}$/, '请输入正确的手机号'),
);

export const expressInput = lazySchema(() =>
  z.object({
    name: z.string().trim().min(1, '请填写收货人').max(20, '收货人最多 20 字'),
    phone: mainlandMobile,
    region: z.string().trim().min(2, '请填写所在地区').max(50, '所在地区最多 50 字'),
    detail: z.string().trim().min(4, '请填写详细地址').max(120, '详细地址最多 120 字'),
  }),
);

export const expressInfo = lazySchema(() =>
  z.object({
    id: z.number().int(),
    name: z.string(),
    phone: z.string(),
    region: z.string(),
    detail: z.string(),
    createdAt: z.string(),
  }),
);
export type ExpressInfo = z.infer<typeof expressInfo>;

export const pointExchange = lazySchema(() =>
  z.object({
    id: z.number().int(),
    goodId: z.number().int(),
    goodName: z.string(),
    image: z.string(),
    points: z.number().int(),
    status: z.enum(deliveryStatuses),
    carrier: z.string().nullable(),
    trackingNo: z.string().nullable(),
    receiverName: z.string(),
    /** Masked as 138****8000: the list is shown on screen. */
    receiverPhone: z.string(),
    address: z.string(),
    createdAt: z.string(),
    shippedAt: z.string().nullable(),
    deliveredAt: z.string().nullable(),
  }),
);
export type PointExchange = z.infer<typeof pointExchange>;

export const pointsEndpoints = defineGroup('points', {
  hasSign: defineEndpoint({
    method: 'GET',
    path: '/api/v2/pointShop/hasSign',
    auth: 'optional',
    summary: '今天是否已签到（决定积分提示，spec 1 §2）',
    datas: () => z.boolean(),
  }),
  info: defineEndpoint({
    method: 'GET',
    path: '/api/v2/pointShop/info',
    auth: 'required',
    summary: '积分余额、今日签到、连续天数、7 天签到日历与赚积分任务（完成的新人任务在此入账）',
    datas: () => pointInfo,
  }),
  receive: defineEndpoint({
    method: 'POST',
    path: '/api/v2/pointShop/receive',
    auth: 'required',
    summary: '今日签到：按北京时间每天一次，按连续天数入账积分',
    body: () => z.object({}),
    datas: () => z.object({ points: z.number().int(), balance: z.number().int(), streak: z.number().int() }),
  }),
  pointList: defineEndpoint({
    method: 'GET',
    path: '/api/v2/pointShop/pointList',
    auth: 'required',
    summary: '积分明细（获得与消耗），新的在前，按 lastId 游标翻页',
    query: () => z.object({ lastId, size: pageSize }),
    datas: () => z.object({ list: z.array(ledgerEntry), lastId: z.number().int().nullable() }),
  }),
  goodList: defineEndpoint({
    method: 'GET',
    path: '/api/v2/pointShop/goodList',
    auth: 'optional',
    summary: '积分商城的实物商品：所需积分、剩余库存、每人限兑',
    datas: () => z.object({ list: z.array(pointGood) }),
  }),
  exchange: defineEndpoint({
    method: 'POST',
    path: '/api/v2/pointShop/exchange',
    auth: 'required',
    summary: '用积分兑换商品并寄到所选地址；同一 requestKey 重试不重复扣分',
    body: () =>
      z.object({
        goodId: recordId,
        expressId: recordId,
        /** Made once per exchange sheet by the client, so a retried request exchanges once. */
        requestKey: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, '请求标识格式有误'),
      }),
    datas: () => z.object({ exchange: pointExchange, balance: z.number().int() }),
  }),
  exchangeList: defineEndpoint({
    method: 'GET',
    path: '/api/v2/pointShop/exchangeList',
    auth: 'required',
    summary: '我的兑换：发货状态（待发货/已发货/已签收）与快递单号，新的在前',
    query: () => z.object({ lastId, size: pageSize }),
    datas: () => z.object({ list: z.array(pointExchange), lastId: z.number().int().nullable() }),
  }),
  createExpressInfo: defineEndpoint({
    method: 'POST',
    path: '/api/v2/raffle/createExpressInfo',
    auth: 'required',
    summary: '保存收货地址（收货人、大陆手机号、所在地区、详细地址）',
    body: () => expressInput,
    datas: () => expressInfo,
  }),
  expressLast: defineEndpoint({
    method: 'GET',
    path: '/api/v2/express/last',
    auth: 'required',
    summary: '上次保存的收货地址（兑换时预填），没有时为 null',
    datas: () => expressInfo.nullable(),
  }),
});
