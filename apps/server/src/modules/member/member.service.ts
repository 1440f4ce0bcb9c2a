import { randomInt } from 'node:crypto';
import {
  Codes,
  type Coupon,
  type CouponOffer,
  href,
  type MemberGood,
  type MemberOrder,
  type MembershipStatus,
  type PaymentLaunch,
  paymentLaunch,
} from '@zhicai/contract';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../../http/app-error.ts';
import {
  type NotificationHeaders,
  PaymentNotificationError,
  type PaymentProvider,
  PaymentUnavailableError,
} from '../../platform/payment/payment-provider.ts';
import type { CouponRow, GoodRow, MemberRepository, OrderRow } from './member.repository.ts';
import {
  couponDiscount,
  couponRefusal,
  couponRefusalText,
  DAY_MS,
  dailyPrice,
  effectiveVipType,
  extendMembership,
} from './membership-rules.ts';

/** The free trial of GET /api/v2/user/receiveVip: 7 days of VIP, once per user. */
export const TRIAL_DAYS = 7;
/** An order not paid within 30 minutes closes (WeChat Pay's time_expire is set to the same). */
export const PAY_WINDOW_MS = 30 * 60_000;
/** A pending order is reused only while at least this much of its window is left. */
const REUSE_MARGIN_MS = 2 * 60_000;

function unavailable(): AppError {
  return new AppError(Codes.unavailable, '支付服务暂时不可用，请稍后再试', 503);
}

async function askProvider<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof PaymentUnavailableError) throw unavailable();
    throw error;
  }
}

function goodIdsOf(json: string | null): number[] | null {
  if (json === null) return null;
  const parsed: unknown = JSON.parse(json);
  return Array.isArray(parsed) ? parsed.filter((id): id is number => typeof id === 'number') : null;
}

/** WeChat writes success_time in Beijing time (…+08:00); stored as UTC ISO like every time here. */
function paidAtOf(successTime: string | null, now: Date): string {
  const at = successTime === null ? Number.NaN : Date.parse(successTime);
  return Number.isNaN(at) ? now.toISOString() : new Date(at).toISOString();
}

function levelOf(vipType: number): 1 | 2 {
  return vipType === 2 ? 2 : 1;
}

function toGood(row: GoodRow): MemberGood {
  return {
    id: row.id,
    name: row.name,
    vipType: levelOf(row.vip_type),
    days: row.days,
    price: row.price,
    originalPrice: row.original_price,
    dailyPrice: dailyPrice(row.price, row.days),
    tag: row.tag,
    recommended: row.recommended === 1,
    benefits: JSON.parse(row.benefits),
  };
}

function toCoupon(row: CouponRow, now: Date): Coupon {
  return {
    id: row.id,
    name: row.name,
    amount: row.amount,
    minAmount: row.min_amount,
    goodIds: goodIdsOf(row.good_ids),
    status:
      row.used_at !== null ? 'used' : Date.parse(row.valid_until) <= now.getTime() ? 'expired' : 'unused',
    validFrom: row.valid_from,
    validUntil: row.valid_until,
    usedAt: row.used_at,
    orderId: row.order_id,
  };
}

function termsOf(row: CouponRow) {
  return {
    amount: row.amount,
    minAmount: row.min_amount,
    goodIds: goodIdsOf(row.good_ids),
    validFrom: row.valid_from,
    validUntil: row.valid_until,
    usedAt: row.used_at,
  };
}

function toOrder(row: OrderRow, now: Date): MemberOrder {
  // A pending order past its window reads as closed even before the next write closes it.
  const status =
    row.status === 'pending' && Date.parse(row.pay_before) <= now.getTime()
      ? 'closed'
      : (row.status as MemberOrder['status']);
  return {
    id: row.id,
    orderNo: row.order_no,
    goodId: row.good_id,
    goodName: row.good_name,
    vipType: levelOf(row.vip_type),
    days: row.days,
    status,
    originalAmount: row.original_amount,
    discount: row.discount,
    amount: row.amount,
    couponId: row.coupon_id,
    couponName: row.coupon_name,
    createdAt: row.created_at,
    payBefore: row.pay_before,
    paidAt: row.paid_at,
    membershipUntil: row.membership_until,
  };
}

/** ZC + Beijing time to the second + 6 random digits: 22 characters, within WeChat's 6–32. */
function newOrderNo(now: Date): string {
  const beijing = new Date(now.getTime() + 8 * 3600_000).toISOString().replace(/\D/g, '').slice(0, 14);
  return `ZC${beijing}${String(randomInt(0, 1_000_000)).padStart(6, '0')}`;
}

export function createMemberService(deps: {
  repository: MemberRepository;
  payment: PaymentProvider;
  clock: () => Date;
  logger: FastifyBaseLogger;
}) {
  const { repository, payment, clock, logger } = deps;

  async function membership(userId: number): Promise<MembershipStatus> {
    const now = clock();
    const row = await repository.membershipOf(userId);
    if (!row) throw new AppError(Codes.sessionEnded);
    const vipType = effectiveVipType(row.vip_type, row.vip_expires_at, now);
    // Keep users.vip_type meaningful for whatever reads the column: an ended membership is 0.
    if (vipType === 0 && row.vip_type !== 0 && row.vip_expires_at !== null)
      await repository.demoteExpired(userId, now.toISOString());
    return {
      vipType,
      vipExpiresAt: vipType === 0 ? null : row.vip_expires_at,
      trialClaimed: row.trial_claimed_at !== null,
      trialDays: TRIAL_DAYS,
    };
  }

  /** The 新人券 and any other first-visit rule, granted once per user (unique user+source). */
  async function grantFirstVisitCoupons(userId: number): Promise<void> {
    const rules = await repository.rules('first-visit');
    if (rules.length === 0) return;
    const held = new Set((await repository.couponSources(userId)).map((row) => row.source));
    const now = clock();
    for (const rule of rules) {
      if (held.has(rule.key)) continue;
      await repository.grantCoupon({
        user_id: userId,
        name: rule.name,
        amount: rule.amount,
        min_amount: rule.min_amount,
        good_ids: rule.good_ids,
        source: rule.key,
        valid_from: now.toISOString(),
        valid_until: new Date(now.getTime() + rule.valid_days * DAY_MS).toISOString(),
        used_at: null,
        order_id: null,
        seen_at: null,
        created_at: now.toISOString(),
      });
    }
  }

  async function goodOrRefuse(goodId: number): Promise<GoodRow> {
    const good = await repository.good(goodId);
    if (good?.on_sale !== 1) throw new AppError(Codes.notFound, '该会员商品不存在或已下架', 404);
    return good;
  }

  async function closeOrder(order: OrderRow): Promise<void> {
    await askProvider(() => payment.closePayment(order.order_no));
    await repository.closeOrder(order.id, clock().toISOString());
  }

  return {
    membership,

    async goods(): Promise<MemberGood[]> {
      return (await repository.goods()).map(toGood);
    },

    async receiveVip(userId: number): Promise<MembershipStatus> {
      const now = clock();
      const current = await membership(userId);
      if (current.trialClaimed) throw new AppError(Codes.refused, '您已领取过免费体验会员，每位用户限领一次');
      const row = await repository.membershipOf(userId);
      if (row && row.vip_type > 0 && row.vip_expires_at === null && current.vipType > 0)
        throw new AppError(Codes.refused, '您的会员长期有效，无需领取体验会员');
      const extended = extendMembership(
        { vipType: row?.vip_type ?? 0, expiresAt: row?.vip_expires_at ?? null },
        { vipType: 1, days: TRIAL_DAYS },
        now,
      );
      const granted = await repository.claimTrial(
        userId,
        now.toISOString(),
        extended.until,
        extended.vipType,
      );
      if (!granted) throw new AppError(Codes.refused, '您已领取过免费体验会员，每位用户限领一次');
      return membership(userId);
    },

    async pay(
      userId: number,
      input: { goodId: number; couponId?: number | undefined; channel: 'jsapi' | 'h5' },
      clientIp: string,
    ): Promise<{ order: MemberOrder; payment: PaymentLaunch }> {
      const now = clock();
      const good = await goodOrRefuse(input.goodId);
      const member = await repository.membershipOf(userId);
      if (!member) throw new AppError(Codes.sessionEnded);
      if (member.vip_expires_at === null && effectiveVipType(member.vip_type, null, now) > 0)
        throw new AppError(Codes.refused, '您的会员长期有效，无需续费');
      if (input.channel === 'jsapi' && payment.kind !== 'local' && !member.wechat_openid)
        throw new AppError(Codes.refused, '请先使用微信登录后再在微信内支付');
      await grantFirstVisitCoupons(userId);

      let coupon: CouponRow | undefined;
      if (input.couponId !== undefined) {
        coupon = await repository.coupon(userId, input.couponId);
        if (!coupon) throw new AppError(Codes.notFound, '优惠券不存在', 404);
        const refusal = couponRefusal(termsOf(coupon), good, now);
        if (refusal) throw new AppError(Codes.refused, couponRefusalText[refusal]);
      }

      const pendingKey = `${userId}:${good.id}`;
      const pending = await repository.pendingOrder(pendingKey);
      if (pending) {
        const reusable =
          pending.coupon_id === (coupon?.id ?? null) &&
          pending.original_amount === good.price &&
          pending.channel === input.channel &&
          pending.payment_launch !== null &&
          Date.parse(pending.pay_before) - now.getTime() > REUSE_MARGIN_MS;
        // A double tap (or a return from the cashier) pays the same order again.
        if (reusable && pending.payment_launch)
          return {
            order: toOrder(pending, now),
            payment: paymentLaunch.parse(JSON.parse(pending.payment_launch)),
          };
        await closeOrder(pending);
      }
      // A coupon pays for one order: another good's pending order holding it is closed.
      if (coupon)
        for (const other of await repository.pendingOrdersWithCoupon(userId, coupon.id))
          await closeOrder(other);

      const discount = coupon ? couponDiscount(coupon.amount, good.price) : 0;
      const payBefore = new Date(now.getTime() + PAY_WINDOW_MS).toISOString();
      const order = await repository.insertOrder({
        order_no: newOrderNo(now),
        user_id: userId,
        good_id: good.id,
        good_name: good.name,
        vip_type: good.vip_type,
        days: good.days,
        original_amount: good.price,
        discount,
        amount: good.price - discount,
        coupon_id: coupon?.id ?? null,
        coupon_name: coupon?.name ?? null,
        channel: input.channel,
        status: 'pending',
        pending_key: pendingKey,
        payment_launch: null,
        transaction_id: null,
        created_at: now.toISOString(),
        pay_before: payBefore,
        paid_at: null,
        closed_at: null,
        membership_until: null,
      });
      // The twin of a double tap got there first: its order is the one to pay.
      if (!order) throw new AppError(Codes.rateLimited, '订单正在创建，请稍后再试');
      let launch: PaymentLaunch;
      try {
        launch = await askProvider(() =>
          payment.createPayment({
            outTradeNo: order.order_no,
            description: `知财-${good.name}`,
            amount: order.amount,
            channel: input.channel,
            openid: member.wechat_openid,
            clientIp,
            payBefore,
            returnPath: href('paySuccess', { orderId: String(order.id) }),
            orderId: order.id,
          }),
        );
      } catch (error) {
        // No payment exists at the provider: the order closes rather than blocking the next try.
        await repository.closeOrder(order.id, clock().toISOString());
        throw error;
      }
      await repository.saveLaunch(order.id, JSON.stringify(launch));
      return { order: toOrder(order, now), payment: launch };
    },

    async orders(userId: number): Promise<MemberOrder[]> {
      const now = clock();
      await repository.closeExpired(userId, now.toISOString());
      return (await repository.orders(userId)).map((row) => toOrder(row, now));
    },

    async order(
      userId: number,
      orderId: number,
    ): Promise<{ order: MemberOrder; membership: MembershipStatus }> {
      const row = await repository.order(userId, orderId);
      if (!row) throw new AppError(Codes.notFound, '订单不存在', 404);
      return { order: toOrder(row, clock()), membership: await membership(userId) };
    },

    async coupons(userId: number): Promise<Coupon[]> {
      await grantFirstVisitCoupons(userId);
      const now = clock();
      const usable = (await repository.coupons(userId))
        .map((row) => toCoupon(row, now))
        .filter((coupon) => coupon.status === 'unused');
      await repository.markCouponsSeen(userId, now.toISOString());
      return usable;
    },

    async usedCoupons(userId: number): Promise<Coupon[]> {
      const now = clock();
      return (await repository.coupons(userId))
        .map((row) => toCoupon(row, now))
        .filter((coupon) => coupon.status !== 'unused')
        .sort((left, right) =>
          (right.usedAt ?? right.validUntil).localeCompare(left.usedAt ?? left.validUntil),
        );
    },

    async offer(userId: number, goodId: number): Promise<CouponOffer[]> {
      const good = await goodOrRefuse(goodId);
      await grantFirstVisitCoupons(userId);
      const now = clock();
      return (await repository.coupons(userId))
        .filter((row) => couponRefusal(termsOf(row), good, now) === null)
        .map((row) => ({ ...toCoupon(row, now), discount: couponDiscount(row.amount, good.price) }))
        .sort(
          (left, right) => right.discount - left.discount || left.validUntil.localeCompare(right.validUntil),
        );
    },

    async checkStatus(userId: number): Promise<{ hasNew: boolean; newCount: number; usableCount: number }> {
      await grantFirstVisitCoupons(userId);
      const now = clock();
      const usable = (await repository.coupons(userId)).filter(
        (row) => row.used_at === null && Date.parse(row.valid_until) > now.getTime(),
      );
      const newCount = usable.filter((row) => row.seen_at === null).length;
      return { hasNew: newCount > 0, newCount, usableCount: usable.length };
    },

    /**
     * A payment notification (WeChat Pay's, or the local cashier's built the same way). Checked
     * first (PaymentNotificationError: refused, nothing changes); a repeated notification of a
     * paid order answers success again without extending anything twice.
     */
    async handleNotification(
      headers: NotificationHeaders,
      body: string,
    ): Promise<'paid' | 'repeated' | 'ignored'> {
      const notice = payment.parseNotification(headers, body);
      if (notice.tradeState !== 'SUCCESS') return 'ignored';
      const order = await repository.orderByNo(notice.outTradeNo);
      if (!order) throw new PaymentNotificationError(`unknown out_trade_no ${notice.outTradeNo}`);
      if (notice.amount !== order.amount)
        throw new PaymentNotificationError(
          `amount ${notice.amount} differs from order ${order.order_no}'s ${order.amount}`,
        );
      const now = clock();
      const recorded = await repository.recordPayment(
        order,
        { transactionId: notice.transactionId, paidAt: paidAtOf(notice.successTime, now) },
        (current) =>
          extendMembership(
            { vipType: current.vip_type, expiresAt: current.vip_expires_at },
            { vipType: levelOf(order.vip_type), days: order.days },
            now,
          ),
      );
      if (recorded) logger.info({ orderNo: order.order_no, userId: order.user_id }, 'membership order paid');
      return recorded ? 'paid' : 'repeated';
    },
  };
}

export type MemberService = ReturnType<typeof createMemberService>;
