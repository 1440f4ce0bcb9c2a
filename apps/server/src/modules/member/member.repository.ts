import type { Kysely, Transaction } from 'kysely';
import type {
  Database,
  MemberCouponRulesTable,
  MemberCouponsTable,
  MemberGoodsTable,
  MemberOrdersTable,
} from '../../db/schema.ts';

export type GoodRow = MemberGoodsTable;
export type CouponRuleRow = MemberCouponRulesTable;
export type CouponRow = Omit<MemberCouponsTable, 'id'> & { id: number };
export type OrderRow = Omit<MemberOrdersTable, 'id'> & { id: number };
export interface MembershipRow {
  vip_type: number;
  vip_expires_at: string | null;
  trial_claimed_at: string | null;
  wechat_openid: string | null;
}

type Executor = Kysely<Database> | Transaction<Database>;

export type NewOrder = Omit<OrderRow, 'id'>;

export function createMemberRepository(db: Kysely<Database>) {
  function membershipOf(executor: Executor, userId: number): Promise<MembershipRow | undefined> {
    return executor
      .selectFrom('users')
      .select(['vip_type', 'vip_expires_at', 'trial_claimed_at', 'wechat_openid'])
      .where('id', '=', userId)
      .executeTakeFirst();
  }

  /**
   * Locks the user's row for the rest of the transaction (a no-op write takes PostgreSQL's row
   * lock; SQLite's write lock covers the whole database), so two payments of one user extend the
   * membership one after the other, each from the other's result.
   */
  async function lockUser(executor: Executor, userId: number): Promise<void> {
    await executor
      .updateTable('users')
      .set((eb) => ({ vip_type: eb.ref('vip_type') }))
      .where('id', '=', userId)
      .execute();
  }

  return {
    membershipOf: (userId: number) => membershipOf(db, userId),

    async demoteExpired(userId: number, now: string): Promise<void> {
      await db
        .updateTable('users')
        .set({ vip_type: 0 })
        .where('id', '=', userId)
        .where('vip_type', '>', 0)
        .where('vip_expires_at', 'is not', null)
        .where('vip_expires_at', '<=', now)
        .execute();
    },

    /** Grants the trial once: false when it was claimed before (by this call's twin, too). */
    async claimTrial(userId: number, now: string, until: string, vipType: number): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        await lockUser(trx, userId);
        const claimed = await trx
          .updateTable('users')
          .set({ trial_claimed_at: now })
          .where('id', '=', userId)
          .where('trial_claimed_at', 'is', null)
          .executeTakeFirst();
        if (Number(claimed.numUpdatedRows) !== 1) return false;
        await trx
          .updateTable('users')
          .set({ vip_type: vipType, vip_expires_at: until })
          .where('id', '=', userId)
          .execute();
        return true;
      });
    },

    goods(): Promise<GoodRow[]> {
      return db
        .selectFrom('member_goods')
        .selectAll()
        .where('on_sale', '=', 1)
        .orderBy('sort_order')
        .orderBy('id')
        .execute();
    },

    good(id: number): Promise<GoodRow | undefined> {
      return db.selectFrom('member_goods').selectAll().where('id', '=', id).executeTakeFirst();
    },

    rules(trigger: string): Promise<CouponRuleRow[]> {
      return db
        .selectFrom('member_coupon_rules')
        .selectAll()
        .where('trigger', '=', trigger)
        .where('active', '=', 1)
        .execute();
    },

    /** One coupon per user and source: granting again does nothing. */
    async grantCoupon(coupon: Omit<CouponRow, 'id'>): Promise<void> {
      await db
        .insertInto('member_coupons')
        .values(coupon)
        .onConflict((conflict) => conflict.columns(['user_id', 'source']).doNothing())
        .execute();
    },

    couponSources(userId: number): Promise<{ source: string }[]> {
      return db.selectFrom('member_coupons').select('source').where('user_id', '=', userId).execute();
    },

    coupons(userId: number): Promise<CouponRow[]> {
      return db
        .selectFrom('member_coupons')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('valid_until')
        .orderBy('id')
        .execute();
    },

    /** The user's own coupon; another user's id finds nothing. */
    coupon(userId: number, id: number): Promise<CouponRow | undefined> {
      return db
        .selectFrom('member_coupons')
        .selectAll()
        .where('user_id', '=', userId)
        .where('id', '=', id)
        .executeTakeFirst();
    },

    async markCouponsSeen(userId: number, now: string): Promise<void> {
      await db
        .updateTable('member_coupons')
        .set({ seen_at: now })
        .where('user_id', '=', userId)
        .where('seen_at', 'is', null)
        .execute();
    },

    pendingOrder(pendingKey: string): Promise<OrderRow | undefined> {
      return db
        .selectFrom('member_orders')
        .selectAll()
        .where('pending_key', '=', pendingKey)
        .executeTakeFirst();
    },

    /** The user's live pending orders that hold a coupon. */
    pendingOrdersWithCoupon(userId: number, couponId: number): Promise<OrderRow[]> {
      return db
        .selectFrom('member_orders')
        .selectAll()
        .where('user_id', '=', userId)
        .where('status', '=', 'pending')
        .where('coupon_id', '=', couponId)
        .execute();
    },

    /** Inserts a pending order; undefined when the user's pending order for the good appeared first. */
    async insertOrder(order: NewOrder): Promise<OrderRow | undefined> {
      try {
        return await db.insertInto('member_orders').values(order).returningAll().executeTakeFirstOrThrow();
      } catch (error) {
        if (order.pending_key && (await this.pendingOrder(order.pending_key))) return undefined;
        throw error;
      }
    },

    async saveLaunch(id: number, launch: string): Promise<void> {
      await db.updateTable('member_orders').set({ payment_launch: launch }).where('id', '=', id).execute();
    },

    async closeOrder(id: number, now: string): Promise<void> {
      await db
        .updateTable('member_orders')
        .set({ status: 'closed', pending_key: null, closed_at: now })
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .execute();
    },

    /** Pending orders past their pay-by time close (WeChat closes them at time_expire too). */
    async closeExpired(userId: number, now: string): Promise<void> {
      await db
        .updateTable('member_orders')
        .set({ status: 'closed', pending_key: null, closed_at: now })
        .where('user_id', '=', userId)
        .where('status', '=', 'pending')
        .where('pay_before', '<=', now)
        .execute();
    },

    orders(userId: number): Promise<OrderRow[]> {
      return db
        .selectFrom('member_orders')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
    },

    /** The user's own order; another user's id finds nothing. */
    order(userId: number, id: number): Promise<OrderRow | undefined> {
      return db
        .selectFrom('member_orders')
        .selectAll()
        .where('user_id', '=', userId)
        .where('id', '=', id)
        .executeTakeFirst();
    },

    orderByNo(orderNo: string): Promise<OrderRow | undefined> {
      return db.selectFrom('member_orders').selectAll().where('order_no', '=', orderNo).executeTakeFirst();
    },

    /**
     * Records a payment once: marks the order paid (from pending, or closed when the payment beat
     * the close), extends the membership from `extend` and uses the coupon, in one transaction.
     * Answers false when the order was paid already (a repeated notification), changing nothing.
     */
    async recordPayment(
      order: OrderRow,
      payment: { transactionId: string; paidAt: string },
      extend: (membership: MembershipRow) => { vipType: number; until: string },
    ): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        await lockUser(trx, order.user_id);
        const paid = await trx
          .updateTable('member_orders')
          .set({
            status: 'paid',
            pending_key: null,
            paid_at: payment.paidAt,
            transaction_id: payment.transactionId,
          })
          .where('id', '=', order.id)
          .where('status', '!=', 'paid')
          .executeTakeFirst();
        if (Number(paid.numUpdatedRows) !== 1) return false;
        const membership = await membershipOf(trx, order.user_id);
        if (!membership) throw new Error(`user ${order.user_id} of order ${order.id} is gone`);
        const extended = extend(membership);
        await trx
          .updateTable('users')
          .set({ vip_type: extended.vipType, vip_expires_at: extended.until })
          .where('id', '=', order.user_id)
          .execute();
        await trx
          .updateTable('member_orders')
          .set({ membership_until: extended.until })
          .where('id', '=', order.id)
          .execute();
        if (order.coupon_id !== null)
          await trx
            .updateTable('member_coupons')
            .set({ used_at: payment.paidAt, order_id: order.id })
            .where('id', '=', order.coupon_id)
            .where('used_at', 'is', null)
            .execute();
        return true;
      });
    },
  };
}

export type MemberRepository = ReturnType<typeof createMemberRepository>;
