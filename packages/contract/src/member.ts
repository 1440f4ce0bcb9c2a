import { z } from 'zod';
import { defineEndpoint, defineGroup } from './endpoint.ts';
import { lazySchema } from './lazy-schema.ts';

/**
 * 会员: membership goods, orders, payment and coupons (spec 2 §2.2 "Membership, payment and gifts",
 * §7.3 "Commerce"; GET /api/v2/user/receiveVip of "Config and user").
 *
 * Money is integer fen (分) everywhere on the wire: 1 yuan = 100 fen, so no float ever rounds a price.
 *
 * Our readings of what the spec leaves open:
 * - Buying a membership extends it from the later of now and the current expiry (`vipExpiresAt`).
 * - GET /api/v2/wx/pay creates the order (or reuses the user's pending order for the same good and
 *   coupon, so a double tap never makes two) and answers how the client pays: WeChat JSAPI params
 *   for WeixinJSBridge inside WeChat, or a page to open (WeChat H5 pay, or the local cashier).
 *   The membership starts when the payment notification reaches the server, never from the client.
 * - Coupons: `list` answers the usable ones (unused, not expired), `listUsed` the used and expired
 *   ones (已失效), `offer` the usable ones for one good with their discount, best first.
 *   `getCheckStatus` says whether the user holds coupons they have not looked at yet (granted since
 *   their last `coupon.list`); `list` marks them seen.
 * - The 新人券 (newcomer coupon) rule grants its coupon once per user, the first time the user opens
 *   the coupon calls or the pay call (any of coupon.list/offer/getCheckStatus, wx.pay).
 * - GET /api/v2/user/receiveVip grants the free trial (7 days VIP) once per user; a second call is
 *   refused with 037.
 */
export const orderStatuses = ['pending', 'paid', 'closed'] as const;
export const couponStatuses = ['unused', 'used', 'expired'] as const;
export const payChannels = ['jsapi', 'h5'] as const;

/** Fen, at most ¥1,000,000. */
const fen = lazySchema(() => z.number().int().min(0).max(100_000_000));
const recordId = lazySchema(() => z.coerce.number().int().min(1).max(2_147_483_647));

export const memberGood = lazySchema(() =>
  z.object({
    id: z.number().int(),
    /** 月度会员 … */
    name: z.string(),
    /** The level bought: 1 VIP, 2 SVIP. */
    vipType: z.union([z.literal(1), z.literal(2)]),
    /** Days of membership one purchase adds. */
    days: z.number().int().min(1),
    /** What is paid, fen. */
    price: fen,
    /** The list price shown struck through, fen. */
    originalPrice: fen,
    /** price ÷ days, fen rounded half up (¥0.83/天). */
    dailyPrice: fen,
    /** A badge such as 最划算; null for none. */
    tag: z.string().nullable(),
    /** The good the price page selects first. */
    recommended: z.boolean(),
    benefits: z.array(z.object({ title: z.string(), description: z.string() })),
  }),
);
export type MemberGood = z.infer<typeof memberGood>;

export const coupon = lazySchema(() =>
  z.object({
    id: z.number().int(),
    name: z.string(),
    /** Off the price, fen. */
    amount: fen,
    /** The price a good must reach for the coupon to apply, fen (0 for any). */
    minAmount: fen,
    /** The goods it applies to; null for every membership good. */
    goodIds: z.array(z.number().int()).nullable(),
    status: z.enum(couponStatuses),
    /** ISO-8601 UTC. */
    validFrom: z.string(),
    validUntil: z.string(),
    usedAt: z.string().nullable(),
    /** The order it paid for, once used. */
    orderId: z.number().int().nullable(),
  }),
);
export type Coupon = z.infer<typeof coupon>;

export const couponOffer = lazySchema(() =>
  coupon.extend({
    /** What it takes off this good's price, fen (never the whole price: at least ¥0.01 is paid). */
    discount: fen,
  }),
);
export type CouponOffer = z.infer<typeof couponOffer>;

export const memberOrder = lazySchema(() =>
  z.object({
    id: z.number().int(),
    /** The out_trade_no the payment provider knows the order by. */
    orderNo: z.string(),
    goodId: z.number().int(),
    goodName: z.string(),
    vipType: z.union([z.literal(1), z.literal(2)]),
    days: z.number().int(),
    status: z.enum(orderStatuses),
    /** The good's price when ordered, fen. */
    originalAmount: fen,
    /** The coupon's discount, fen (0 without one). */
    discount: fen,
    /** What is (to be) paid, fen. */
    amount: fen,
    couponId: z.number().int().nullable(),
    couponName: z.string().nullable(),
    /** ISO-8601 UTC. */
    createdAt: z.string(),
    /** When a pending order closes unpaid. */
    payBefore: z.string(),
    paidAt: z.string().nullable(),
    /** The membership's expiry right after this order was paid; null before. */
    membershipUntil: z.string().nullable(),
  }),
);
export type MemberOrder = z.infer<typeof memberOrder>;

/** What WeixinJSBridge.invoke('getBrandWCPayRequest', …) takes (WeChat Pay v3 JSAPI). */
export const jsapiPayParams = lazySchema(() =>
  z.object({
    appId: z.string(),
    timeStamp: z.string(),
    nonceStr: z.string(),
    package: z.string(),
    signType: z.literal('RSA'),
    paySign: z.string(),
  }),
);
export type JsapiPayParams = z.infer<typeof jsapiPayParams>;

export const paymentLaunch = lazySchema(() =>
  z.discriminatedUnion('type', [
    z.object({ type: z.literal('jsapi'), params: jsapiPayParams }),
    /** Open this page: WeChat's H5 cashier, or the local cashier when no merchant is configured. */
    z.object({ type: z.literal('redirect'), url: z.string().min(1).max(2048) }),
  ]),
);
export type PaymentLaunch = z.infer<typeof paymentLaunch>;

export const membershipStatus = lazySchema(() =>
  z.object({
    /** The level in force now: 0 once the membership has expired. */
    vipType: z.union([z.literal(0), z.literal(1), z.literal(2)]),
    /** ISO-8601 UTC; null when the user never had a membership with an end (or has none). */
    vipExpiresAt: z.string().nullable(),
    /** Whether the one free trial was taken. */
    trialClaimed: z.boolean(),
    trialDays: z.number().int(),
  }),
);
export type MembershipStatus = z.infer<typeof membershipStatus>;

export const memberEndpoints = defineGroup('member', {
  goods: defineEndpoint({
    method: 'GET',
    path: '/api/v2/goods/list_v3',
    auth: 'none',
    summary: '会员商品列表（价格单位：分）',
    datas: () => z.array(memberGood),
  }),
  status: defineEndpoint({
    method: 'GET',
    path: '/api/v2/member/status',
    auth: 'required',
    summary: '会员状态：当前等级、到期时间、是否已领取体验会员',
    datas: () => membershipStatus,
  }),
  receiveVip: defineEndpoint({
    method: 'GET',
    path: '/api/v2/user/receiveVip',
    auth: 'required',
    summary: '领取免费体验会员（每位用户限一次）',
    datas: () => membershipStatus,
  }),
  pay: defineEndpoint({
    method: 'GET',
    path: '/api/v2/wx/pay',
    auth: 'required',
    summary: '下单并发起支付（同一商品与优惠券的待支付订单复用）',
    query: () =>
      z.object({
        goodId: recordId,
        couponId: recordId.optional(),
        /** jsapi inside WeChat, h5 in a phone browser. */
        channel: z.enum(payChannels).default('h5'),
      }),
    datas: () => z.object({ order: memberOrder, payment: paymentLaunch }),
  }),
  orders: defineEndpoint({
    method: 'GET',
    path: '/api/v2/order/list',
    auth: 'required',
    summary: '我的订单（新的在前）',
    datas: () => z.array(memberOrder),
  }),
  order: defineEndpoint({
    method: 'GET',
    path: '/api/v2/order/info',
    auth: 'required',
    summary: '订单详情与会员到期时间（支付结果页轮询）',
    query: () => z.object({ orderId: recordId }),
    datas: () => z.object({ order: memberOrder, membership: membershipStatus }),
  }),
  coupons: defineEndpoint({
    method: 'GET',
    path: '/api/v2/coupon/list',
    auth: 'required',
    summary: '可用优惠券（即将到期的在前）；查看后标记为已读',
    datas: () => z.array(coupon),
  }),
  usedCoupons: defineEndpoint({
    method: 'GET',
    path: '/api/v2/coupon/listUsed',
    auth: 'required',
    summary: '已失效优惠券：已使用与已过期',
    datas: () => z.array(coupon),
  }),
  couponOffer: defineEndpoint({
    method: 'GET',
    path: '/api/v2/coupon/offer',
    auth: 'required',
    summary: '某会员商品可用的优惠券，优惠最多的在前',
    query: () => z.object({ goodId: recordId }),
    datas: () => z.array(couponOffer),
  }),
  couponCheckStatus: defineEndpoint({
    method: 'GET',
    path: '/api/v2/coupon/getCheckStatus',
    auth: 'required',
    summary: '是否有未查看的新优惠券',
    datas: () =>
      z.object({
        hasNew: z.boolean(),
        newCount: z.number().int(),
        usableCount: z.number().int(),
      }),
  }),
});
