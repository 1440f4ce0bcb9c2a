import { api } from '@zhicai/contract';
import { afterEach, describe, expect, it } from 'vitest';
import type { LocalPayment } from '../../platform/payment/local-payment.ts';
import { PAYMENT_NOTIFY_PATH } from '../../platform/payment/payment-provider.ts';
import { call, callRefused } from '../../test/call.ts';
import { loginByPhone } from '../../test/login.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';

let context: TestContext | undefined;
afterEach(async () => {
  await context?.close();
  context = undefined;
});

const DAY = 24 * 3600_000;
const start = new Date('2026-11-28T02:00:00.000Z');

/** An app whose clock the test moves. */
async function appAt() {
  const clock = { now: start };
  const app = await createTestApp({ clock: () => clock.now });
  context = app;
  return { app, clock };
}

function localPayment(app: TestContext): LocalPayment {
  const payment = app.platform.payment;
  if (payment.kind !== 'local') throw new Error('tests run the local payment provider');
  return payment;
}

/** The payer confirms at the local cashier, which delivers WeChat's notification to our server. */
async function payAtCashier(app: TestContext, cashierUrl: string) {
  const page = await app.app.inject({ method: 'GET', url: cashierUrl });
  expect(page.body).toContain('确认支付');
  // 取消支付 leads to 我的订单, where the pending order can be paid later.
  expect(page.body).toContain('<a class="cancel" href="/orderList">取消支付</a>');
  const outTradeNo = new URL(cashierUrl, 'http://local').searchParams.get('outTradeNo') ?? '';
  return app.app.inject({
    method: 'POST',
    url: '/dev/pay/cashier/confirm',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: `outTradeNo=${outTradeNo}`,
  });
}

async function order(app: TestContext, token: string, orderId: number) {
  return (await call(app, api.member.order, { query: { orderId } }, { token })).datas;
}

async function insertCoupon(
  app: TestContext,
  userId: number,
  coupon: { source: string; amount: number; minAmount?: number; validUntil: string; goodIds?: number[] },
): Promise<number> {
  const row = await app.database.db
    .insertInto('member_coupons')
    .values({
      user_id: userId,
      name: `测试券${coupon.amount / 100}元`,
      amount: coupon.amount,
      min_amount: coupon.minAmount ?? 0,
      good_ids: coupon.goodIds ? JSON.stringify(coupon.goodIds) : null,
      source: coupon.source,
      valid_from: '2026-11-01T00:00:00.000Z',
      valid_until: coupon.validUntil,
      used_at: null,
      order_id: null,
      seen_at: null,
      created_at: '2026-11-01T00:00:00.000Z',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

describe('membership goods (GET /api/v2/goods/list_v3)', () => {
  it('lists the demo goods in fen with per-day prices and benefits, to visitors too', async () => {
    const { app } = await appAt();
    const goods = (await call(app, api.member.goods)).datas;
    expect(
      goods.map((good) => [good.name, good.days, good.price, good.originalPrice, good.dailyPrice]),
    ).toEqual([
      ['月度会员', 30, 2800, 3800, 93],
      ['季度会员', 90, 6800, 11400, 76],
      ['年度会员', 365, 19800, 45600, 54],
    ]);
    expect(goods.find((good) => good.recommended)?.name).toBe('年度会员');
    expect(goods[0]?.benefits.length).toBeGreaterThan(0);
  });
});

describe('the commerce calls need a user', () => {
  it('answers 004 without a token', async () => {
    const { app } = await appAt();
    for (const endpoint of [
      api.member.status,
      api.member.receiveVip,
      api.member.orders,
      api.member.coupons,
      api.member.usedCoupons,
      api.member.couponCheckStatus,
    ])
      expect((await callRefused(app, endpoint)).code).toBe('004');
    expect((await callRefused(app, api.member.pay, { query: { goodId: 1 } })).code).toBe('004');
  });
});

describe('buying a membership (GET /api/v2/wx/pay and the payment notification)', () => {
  it('pays through the local cashier: the order is paid, the coupon used, the membership extended', async () => {
    const { app } = await appAt();
    const login = await loginByPhone(app, '13800138101');
    const [newcomer] = (
      await call(app, api.member.couponOffer, { query: { goodId: 3 } }, { token: login.token })
    ).datas;
    expect(newcomer).toMatchObject({ name: '新人专享券', amount: 1000, discount: 1000 });

    const paying = (
      await call(
        app,
        api.member.pay,
        { query: { goodId: 3, couponId: newcomer?.id } },
        { token: login.token },
      )
    ).datas;
    expect(paying.order).toMatchObject({
      status: 'pending',
      goodName: '年度会员',
      originalAmount: 19800,
      discount: 1000,
      amount: 18800,
      couponName: '新人专享券',
    });
    expect(paying.payment.type).toBe('redirect');
    if (paying.payment.type !== 'redirect') return;
    expect(paying.payment.url).toMatch(/^\/dev\/pay\/cashier\?outTradeNo=ZC\d{20}$/);

    const confirmed = await payAtCashier(app, paying.payment.url);
    expect(confirmed.statusCode).toBe(303);
    expect(confirmed.headers.location).toBe(`/paySuccess?orderId=${paying.order.id}`);

    const paid = await order(app, login.token, paying.order.id);
    const until = new Date(start.getTime() + 365 * DAY).toISOString();
    expect(paid.order).toMatchObject({ status: 'paid', amount: 18800, membershipUntil: until });
    expect(paid.membership).toMatchObject({ vipType: 1, vipExpiresAt: until });
    expect((await call(app, api.user.vipType, {}, { token: login.token })).datas).toEqual({ vipType: 1 });
    expect(
      (await call(app, api.user.userinfo, { query: {} }, { token: login.token })).datas.vipExpiresAt,
    ).toBe(until);
    const used = (await call(app, api.member.usedCoupons, {}, { token: login.token })).datas;
    expect(used).toMatchObject([{ id: newcomer?.id, status: 'used', orderId: paying.order.id }]);
    expect((await call(app, api.member.coupons, {}, { token: login.token })).datas).toEqual([]);
    const orders = (await call(app, api.member.orders, {}, { token: login.token })).datas;
    expect(orders.map((entry) => [entry.id, entry.status])).toEqual([[paying.order.id, 'paid']]);
    // The cashier cannot take the same payment twice.
    expect((await app.app.inject({ method: 'GET', url: paying.payment.url })).body).toContain('支付单已失效');
  });

  it('extends from the current end: a renewal before it loses no day', async () => {
    const { app, clock } = await appAt();
    const login = await loginByPhone(app, '13800138102');
    const first = (await call(app, api.member.pay, { query: { goodId: 1 } }, { token: login.token })).datas;
    if (first.payment.type !== 'redirect') throw new Error('local payments redirect');
    await payAtCashier(app, first.payment.url);
    clock.now = new Date(start.getTime() + 10 * DAY);
    const second = (await call(app, api.member.pay, { query: { goodId: 1 } }, { token: login.token })).datas;
    if (second.payment.type !== 'redirect') throw new Error('local payments redirect');
    await payAtCashier(app, second.payment.url);
    expect((await order(app, login.token, second.order.id)).membership.vipExpiresAt).toBe(
      new Date(start.getTime() + 60 * DAY).toISOString(),
    );
    // After the end the membership reads as 0 everywhere, and the column is written back (here by
    // the shell's startup call, vipType).
    clock.now = new Date(start.getTime() + 61 * DAY);
    expect((await call(app, api.user.vipType, {}, { token: login.token })).datas).toEqual({ vipType: 0 });
    const row = await app.database.db
      .selectFrom('users')
      .select('vip_type')
      .where('id', '=', login.user.id)
      .executeTakeFirstOrThrow();
    expect(row.vip_type).toBe(0);
    expect((await call(app, api.member.status, {}, { token: login.token })).datas).toMatchObject({
      vipType: 0,
      vipExpiresAt: null,
    });
    const info = (await call(app, api.user.userinfo, { query: {} }, { token: login.token })).datas;
    expect(info).toMatchObject({ vipType: 0, vipExpiresAt: null });
  });

  it('reuses the pending order on a double tap, and replaces it when the coupon changes', async () => {
    const { app } = await appAt();
    const login = await loginByPhone(app, '13800138103');
    const tap = () => call(app, api.member.pay, { query: { goodId: 2 } }, { token: login.token });
    const first = await tap();
    const second = await tap();
    expect(second.datas.order.id).toBe(first.datas.order.id);
    expect(second.datas.payment).toEqual(first.datas.payment);
    const [coupon] = (await call(app, api.member.coupons, {}, { token: login.token })).datas;
    const withCoupon = (
      await call(app, api.member.pay, { query: { goodId: 2, couponId: coupon?.id } }, { token: login.token })
    ).datas;
    expect(withCoupon.order.id).not.toBe(first.datas.order.id);
    expect(withCoupon.order.amount).toBe(5800);
    const orders = (await call(app, api.member.orders, {}, { token: login.token })).datas;
    expect(orders.map((entry) => entry.status)).toEqual(['pending', 'closed']);
  });

  it('records a repeated notification once: the membership is not extended twice', async () => {
    const { app } = await appAt();
    const login = await loginByPhone(app, '13800138104');
    const paying = (await call(app, api.member.pay, { query: { goodId: 1 } }, { token: login.token })).datas;
    const notification = localPayment(app).notificationFor(paying.order.orderNo);
    const deliver = () =>
      app.app.inject({
        method: 'POST',
        url: PAYMENT_NOTIFY_PATH,
        headers: notification.headers,
        payload: notification.body,
      });
    expect((await deliver()).statusCode).toBe(204);
    expect((await deliver()).statusCode).toBe(204);
    const { membership } = await order(app, login.token, paying.order.id);
    expect(membership.vipExpiresAt).toBe(new Date(start.getTime() + 30 * DAY).toISOString());
  });

  it('refuses a notification whose signature does not verify, and changes nothing', async () => {
    const { app } = await appAt();
    const login = await loginByPhone(app, '13800138105');
    const paying = (await call(app, api.member.pay, { query: { goodId: 1 } }, { token: login.token })).datas;
    const notification = localPayment(app).notificationFor(paying.order.orderNo);
    const forged = await app.app.inject({
      method: 'POST',
      url: PAYMENT_NOTIFY_PATH,
      headers: { ...notification.headers, 'wechatpay-signature': Buffer.from('forged').toString('base64') },
      payload: notification.body,
    });
    expect(forged.statusCode).toBe(401);
    expect(forged.json()).toEqual({ code: 'FAIL', message: '通知校验失败' });
    const tampered = await app.app.inject({
      method: 'POST',
      url: PAYMENT_NOTIFY_PATH,
      headers: notification.headers,
      payload: notification.body.replace('"TRANSACTION.SUCCESS"', '"TRANSACTION.SUCCESS" '),
    });
    expect(tampered.statusCode).toBe(401);
    const unsigned = await app.app.inject({
      method: 'POST',
      url: PAYMENT_NOTIFY_PATH,
      headers: { 'content-type': 'application/json' },
      payload: notification.body,
    });
    expect(unsigned.statusCode).toBe(401);
    const after = await order(app, login.token, paying.order.id);
    expect(after.order.status).toBe('pending');
    expect(after.membership.vipType).toBe(0);
  });

  it('refuses an expired coupon, another user’s coupon and order, and a good that does not exist', async () => {
    const { app } = await appAt();
    const owner = await loginByPhone(app, '13800138106');
    const other = await loginByPhone(app, '13800138107');
    const expired = await insertCoupon(app, owner.user.id, {
      source: 'test-expired',
      amount: 500,
      validUntil: '2026-11-27T00:00:00.000Z',
    });
    expect(
      await callRefused(
        app,
        api.member.pay,
        { query: { goodId: 1, couponId: expired } },
        { token: owner.token },
      ),
    ).toMatchObject({ code: '037', message: '该优惠券已过期' });
    expect(
      await callRefused(
        app,
        api.member.pay,
        { query: { goodId: 1, couponId: expired } },
        { token: other.token },
      ),
    ).toMatchObject({ status: 404, code: '404', message: '优惠券不存在' });
    const overCoupons = (await call(app, api.member.usedCoupons, {}, { token: owner.token })).datas;
    expect(overCoupons.map((coupon) => [coupon.id, coupon.status])).toEqual([[expired, 'expired']]);

    const paying = (await call(app, api.member.pay, { query: { goodId: 1 } }, { token: owner.token })).datas;
    expect(
      await callRefused(
        app,
        api.member.order,
        { query: { orderId: paying.order.id } },
        { token: other.token },
      ),
    ).toMatchObject({ status: 404, code: '404', message: '订单不存在' });
    expect((await call(app, api.member.orders, {}, { token: other.token })).datas).toEqual([]);
    expect(
      await callRefused(app, api.member.pay, { query: { goodId: 99 } }, { token: owner.token }),
    ).toMatchObject({ code: '404', message: '该会员商品不存在或已下架' });
    expect(
      await callRefused(app, api.member.couponOffer, { query: { goodId: 99 } }, { token: owner.token }),
    ).toMatchObject({ code: '404' });
  });

  it('refuses a coupon below its threshold or for another good, and never charges less than ¥0.01', async () => {
    const { app } = await appAt();
    const login = await loginByPhone(app, '13800138108');
    const annualOnly = await insertCoupon(app, login.user.id, {
      source: 'test-annual',
      amount: 5000,
      goodIds: [3],
      validUntil: '2026-12-31T00:00:00.000Z',
    });
    const big = await insertCoupon(app, login.user.id, {
      source: 'test-big',
      amount: 999_999,
      validUntil: '2026-12-31T00:00:00.000Z',
    });
    const threshold = await insertCoupon(app, login.user.id, {
      source: 'test-threshold',
      amount: 100,
      minAmount: 10_000,
      validUntil: '2026-12-31T00:00:00.000Z',
    });
    expect(
      await callRefused(
        app,
        api.member.pay,
        { query: { goodId: 1, couponId: annualOnly } },
        { token: login.token },
      ),
    ).toMatchObject({ code: '037', message: '该优惠券不适用于所选会员' });
    expect(
      await callRefused(
        app,
        api.member.pay,
        { query: { goodId: 1, couponId: threshold } },
        { token: login.token },
      ),
    ).toMatchObject({ code: '037', message: '未达到该优惠券的使用门槛' });
    const cheap = (
      await call(app, api.member.pay, { query: { goodId: 1, couponId: big } }, { token: login.token })
    ).datas;
    expect(cheap.order).toMatchObject({ originalAmount: 2800, discount: 2799, amount: 1 });

    // Offers for the annual good, best first: the big one, then the annual-only, then the newcomer.
    const offers = (await call(app, api.member.couponOffer, { query: { goodId: 3 } }, { token: login.token }))
      .datas;
    expect(offers.map((offer) => [offer.id, offer.discount])).toEqual([
      [big, 19799],
      [annualOnly, 5000],
      [expect.any(Number), 1000],
      [threshold, 100],
    ]);
  });
});

describe('coupons (GET /api/v2/coupon/*)', () => {
  it('grants the 新人券 once and reports it new until the list is seen', async () => {
    const { app } = await appAt();
    const login = await loginByPhone(app, '13800138109');
    const status = () => call(app, api.member.couponCheckStatus, {}, { token: login.token });
    expect((await status()).datas).toEqual({ hasNew: true, newCount: 1, usableCount: 1 });
    const coupons = (await call(app, api.member.coupons, {}, { token: login.token })).datas;
    expect(coupons).toMatchObject([
      {
        name: '新人专享券',
        amount: 1000,
        minAmount: 2800,
        goodIds: null,
        status: 'unused',
        validUntil: new Date(start.getTime() + 7 * DAY).toISOString(),
      },
    ]);
    expect((await status()).datas).toEqual({ hasNew: false, newCount: 0, usableCount: 1 });
    await call(app, api.member.coupons, {}, { token: login.token });
    expect((await call(app, api.member.coupons, {}, { token: login.token })).datas).toHaveLength(1);
  });
});

describe('the free trial (GET /api/v2/user/receiveVip)', () => {
  it('grants 7 days of VIP once and refuses the second time', async () => {
    const { app } = await appAt();
    const login = await loginByPhone(app, '13800138110');
    expect((await call(app, api.member.status, {}, { token: login.token })).datas).toEqual({
      vipType: 0,
      vipExpiresAt: null,
      trialClaimed: false,
      trialDays: 7,
    });
    const trial = (await call(app, api.member.receiveVip, {}, { token: login.token })).datas;
    expect(trial).toEqual({
      vipType: 1,
      vipExpiresAt: new Date(start.getTime() + 7 * DAY).toISOString(),
      trialClaimed: true,
      trialDays: 7,
    });
    expect(await callRefused(app, api.member.receiveVip, {}, { token: login.token })).toMatchObject({
      code: '037',
      message: '您已领取过免费体验会员，每位用户限领一次',
    });
    expect((await call(app, api.user.vipType, {}, { token: login.token })).datas).toEqual({ vipType: 1 });
  });
});
