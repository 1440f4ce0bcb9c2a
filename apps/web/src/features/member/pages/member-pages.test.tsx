import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { CouponOffer, MemberGood, MemberOrder, MembershipStatus } from '@zhicai/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { localStore } from '../../../platform/session/local-store.ts';
import { failure, ok, stubApi } from '../../../testing/api-stub.ts';
import { renderPages } from '../../../testing/render.tsx';
import { startPayment } from '../member-payment.ts';
import AppUserIndexPage from './app-user-index-page.tsx';
import AppUserPagePage from './app-user-page-page.tsx';
import AppUserPricePage from './app-user-price-page.tsx';
import OrderListPage from './order-list-page.tsx';
import PayCouponPage from './pay-coupon-page.tsx';
import PayOverCouponPage from './pay-over-coupon-page.tsx';
import PayPage from './pay-page.tsx';
import PaySuccessPage from './pay-success-page.tsx';
import PriceDetailPage from './price-detail-page.tsx';
import ReceiveVipPage from './receive-vip-page.tsx';

vi.mock('../member-payment.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../member-payment.ts')>()),
  startPayment: vi.fn(async () => 'left' as const),
}));

const benefits = [
  { title: '财报速览无限次', description: '全部财报流向图' },
  { title: '高级选股条件', description: '全部条件' },
];
const goods: MemberGood[] = [
  {
    id: 1,
    name: '月度会员',
    vipType: 1,
    days: 30,
    price: 2800,
    originalPrice: 3800,
    dailyPrice: 93,
    tag: null,
    recommended: false,
    benefits,
  },
  {
    id: 3,
    name: '年度会员',
    vipType: 1,
    days: 365,
    price: 19800,
    originalPrice: 45600,
    dailyPrice: 54,
    tag: '最划算',
    recommended: true,
    benefits,
  },
];
const newcomer: CouponOffer = {
  id: 7,
  name: '新人专享券',
  amount: 1000,
  minAmount: 2800,
  goodIds: null,
  status: 'unused',
  validFrom: '2026-11-28T02:00:00.000Z',
  validUntil: '2026-12-05T02:00:00.000Z',
  usedAt: null,
  orderId: null,
  discount: 1000,
};
const pendingOrder: MemberOrder = {
  id: 42,
  orderNo: 'ZC20261128100000123456',
  goodId: 3,
  goodName: '年度会员',
  vipType: 1,
  days: 365,
  status: 'pending',
  originalAmount: 19800,
  discount: 1000,
  amount: 18800,
  couponId: 7,
  couponName: '新人专享券',
  createdAt: '2026-11-28T02:00:00.000Z',
  payBefore: '2026-11-28T02:30:00.000Z',
  paidAt: null,
  membershipUntil: null,
};
const paidOrder: MemberOrder = {
  ...pendingOrder,
  status: 'paid',
  paidAt: '2026-11-28T02:01:00.000Z',
  membershipUntil: '2027-11-28T02:01:00.000Z',
};
const member: MembershipStatus = {
  vipType: 1,
  vipExpiresAt: '2027-11-28T02:01:00.000Z',
  trialClaimed: true,
  trialDays: 7,
};
const ordinary: MembershipStatus = { vipType: 0, vipExpiresAt: null, trialClaimed: false, trialDays: 7 };

const signIn = () => localStore.getState().setToken('jwt-1');

beforeEach(() => vi.mocked(startPayment).mockClear());
afterEach(() => {
  vi.unstubAllGlobals();
  localStore.getState().setToken(null);
});

describe('/app_userPrice 会员价格', () => {
  it('shows a visitor the goods, the recommended one chosen, and sends 立即开通 to login', async () => {
    stubApi({ 'member.goods': ok(goods) });
    renderPages('/app_userPrice', { '/app_userPrice': <AppUserPricePage /> });
    // The first render of the file loads the page's modules: allow it longer than the default second.
    const annual = await screen.findByRole('button', { name: '年度会员 ¥198.00' }, { timeout: 5000 });
    expect(annual.getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByText('¥456.00')).toBeTruthy();
    expect(screen.getByText('¥0.54/天')).toBeTruthy();
    expect(screen.getByText('登录后可使用优惠券')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '立即开通' }));
    expect(screen.getByTestId('destination').textContent).toBe(
      `/bindphone?redirect=${encodeURIComponent('/pay?goodId=3')}`,
    );
  });

  it('applies the best coupon, reprices another good, and opens checkout with the choice', async () => {
    signIn();
    const server = stubApi({
      'member.goods': ok(goods),
      'member.couponOffer': (params) =>
        ok(params.goodId === 3 ? [newcomer] : [{ ...newcomer, discount: 1000 }]),
    });
    renderPages('/app_userPrice', { '/app_userPrice': <AppUserPricePage /> });
    expect(await screen.findByText('-¥10.00')).toBeTruthy();
    expect(screen.getByText('¥188.00')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '月度会员 ¥28.00' }));
    expect(await screen.findByText('¥18.00')).toBeTruthy();
    expect(server.calls('member.couponOffer').map((call) => call.goodId)).toEqual([3, 1]);
    fireEvent.click(screen.getByRole('button', { name: '立即开通' }));
    expect(screen.getByTestId('destination').textContent).toBe('/pay?goodId=1&couponId=7');
  });

  it('offers 重新加载 when the goods fail to load', async () => {
    let calls = 0;
    stubApi({ 'member.goods': () => (++calls === 1 ? failure('503', '服务暂时不可用', 503) : ok(goods)) });
    renderPages('/app_userPrice', { '/app_userPrice': <AppUserPricePage /> });
    expect(await screen.findByText('会员套餐加载失败')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '重新加载' }));
    expect(await screen.findByRole('button', { name: '年度会员 ¥198.00' })).toBeTruthy();
  });
});

describe('/pay 开通会员', () => {
  it('orders with the coupon in the browser channel and opens the cashier', async () => {
    signIn();
    const launch = { type: 'redirect' as const, url: '/dev/pay/cashier?outTradeNo=ZC20261128100000123456' };
    const server = stubApi({
      'member.goods': ok(goods),
      'member.couponOffer': ok([newcomer]),
      'member.status': ok(ordinary),
      'member.pay': ok({ order: pendingOrder, payment: launch }),
      'telemetry.event': ok(null),
    });
    renderPages('/pay?goodId=3', { '/pay': <PayPage /> });
    const pay = await screen.findByRole('button', { name: '确认支付 ¥188.00' });
    expect(screen.getByText('新人专享券 -¥10.00')).toBeTruthy();
    expect(screen.getByText('支付后立即生效，有效期 365 天')).toBeTruthy();
    fireEvent.click(pay);
    await waitFor(() => expect(startPayment).toHaveBeenCalledWith(launch));
    expect(server.calls('member.pay')).toEqual([{ goodId: 3, couponId: 7, channel: 'h5' }]);
    await waitFor(() => expect(server.calls('telemetry.event')).toHaveLength(1));
    expect(server.calls('telemetry.event')[0]).toMatchObject({
      event_name: 'member_pay_start',
      event_ext1: '3',
      event_ext2: '7',
      event_ext3: 'h5',
    });
  });

  it('goes to /paySuccess when WeChat reports the payment made', async () => {
    signIn();
    vi.mocked(startPayment).mockResolvedValueOnce('paid');
    stubApi({
      'member.goods': ok(goods),
      'member.couponOffer': ok([]),
      'member.status': ok(member),
      'member.pay': ok({
        order: { ...pendingOrder, couponId: null, couponName: null, discount: 0, amount: 19800 },
        payment: {
          type: 'jsapi',
          params: {
            appId: 'wx1',
            timeStamp: '1',
            nonceStr: 'n',
            package: 'prepay_id=p',
            signType: 'RSA',
            paySign: 's',
          },
        },
      }),
    });
    renderPages('/pay?goodId=3&couponId=0', { '/pay': <PayPage /> });
    expect(await screen.findByText('当前会员有效期至 2027-11-28，支付后顺延 365 天')).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: '确认支付 ¥198.00' }));
    expect(await screen.findByTestId('destination')).toBeTruthy();
    expect(screen.getByTestId('destination').textContent).toBe('/paySuccess?orderId=42');
  });

  it('asks a visitor to log in, and a link without a good to choose one', async () => {
    const server = stubApi({});
    const view = renderPages('/pay?goodId=3', { '/pay': <PayPage /> });
    expect(await screen.findByText('登录后开通会员')).toBeTruthy();
    // Nothing of the user's is asked for (the public goods list may be).
    expect(server.names().filter((name) => name !== 'member.goods')).toEqual([]);
    view.unmount();
    signIn();
    stubApi({ 'member.goods': ok(goods), 'member.status': ok(ordinary) });
    renderPages('/pay', { '/pay': <PayPage /> });
    expect(await screen.findByText('请先选择会员套餐')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /确认支付/ })).toBeNull();
  });
});

describe('/pay_coupon and /Pay_overCoupon', () => {
  it('chooses a coupon, or none, and returns to the checkout it came from', async () => {
    signIn();
    stubApi({
      'member.couponOffer': ok([
        newcomer,
        { ...newcomer, id: 8, name: '满减券', discount: 500, amount: 500 },
      ]),
    });
    const view = renderPages('/pay_coupon?goodId=3&from=pay', { '/pay_coupon': <PayCouponPage /> });
    const best = await screen.findByRole('button', { name: /新人专享券/ });
    expect(best.getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: /满减券/ }));
    expect(screen.getByTestId('destination').textContent).toBe('/pay?goodId=3&couponId=8');
    view.unmount();
    renderPages('/pay_coupon?goodId=3', { '/pay_coupon': <PayCouponPage /> });
    fireEvent.click(await screen.findByRole('button', { name: '不使用优惠券' }));
    expect(screen.getByTestId('destination').textContent).toBe('/app_userPrice?goodId=3&couponId=0');
  });

  it('says when no coupon fits the good', async () => {
    signIn();
    stubApi({ 'member.couponOffer': ok([]) });
    renderPages('/pay_coupon?goodId=1', { '/pay_coupon': <PayCouponPage /> });
    expect(await screen.findByText('暂无可用于该套餐的优惠券')).toBeTruthy();
  });

  it('lists used and expired coupons with their state', async () => {
    signIn();
    stubApi({
      'member.usedCoupons': ok([
        { ...newcomer, status: 'used', usedAt: '2026-11-28T02:01:00.000Z', orderId: 42 },
        { ...newcomer, id: 5, name: '过期券', status: 'expired' },
      ]),
    });
    renderPages('/Pay_overCoupon', { '/Pay_overCoupon': <PayOverCouponPage /> });
    expect(await screen.findByText('已使用')).toBeTruthy();
    expect(screen.getByText('已过期')).toBeTruthy();
    expect(screen.getByText('过期券')).toBeTruthy();
  });
});

describe('/paySuccess', () => {
  it('waits for the payment notification, then shows the new expiry', async () => {
    signIn();
    let calls = 0;
    stubApi({
      'member.order': () =>
        ok(
          ++calls === 1
            ? { order: pendingOrder, membership: ordinary }
            : { order: paidOrder, membership: member },
        ),
    });
    renderPages('/paySuccess?orderId=42', { '/paySuccess': <PaySuccessPage /> });
    expect(await screen.findByText('正在确认支付结果…')).toBeTruthy();
    expect(await screen.findByText('年度会员开通成功', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText('会员有效期至 2027-11-28')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('支付成功');
  });

  it('says when the order closed unpaid', async () => {
    signIn();
    stubApi({ 'member.order': ok({ order: { ...pendingOrder, status: 'closed' }, membership: ordinary }) });
    renderPages('/paySuccess?orderId=42', { '/paySuccess': <PaySuccessPage /> });
    expect(await screen.findByText('该订单未支付，已超时关闭，未扣款。')).toBeTruthy();
    expect(screen.getByRole('link', { name: '重新购买' }).getAttribute('href')).toBe(
      '/app_userPrice?goodId=3',
    );
  });
});

describe('/orderList 我的订单 and /priceDetail', () => {
  it('lists orders with their state, and a pending one continues to checkout', async () => {
    signIn();
    stubApi({
      'member.orders': ok([
        { ...pendingOrder, id: 43 },
        paidOrder,
        {
          ...pendingOrder,
          id: 40,
          status: 'closed',
          couponId: null,
          couponName: null,
          discount: 0,
          amount: 19800,
        },
      ]),
    });
    renderPages('/orderList', { '/orderList': <OrderListPage /> });
    expect(await screen.findByText('待支付')).toBeTruthy();
    expect(screen.getByText('已支付')).toBeTruthy();
    expect(screen.getByText('已关闭')).toBeTruthy();
    expect(screen.getByText('实付 ¥188.00 · 优惠券 -¥10.00 · 有效期至 2027-11-28')).toBeTruthy();
    expect(screen.getByRole('link', { name: '继续支付' }).getAttribute('href')).toBe(
      '/pay?goodId=3&couponId=7',
    );
  });

  it('says there are no orders yet', async () => {
    signIn();
    stubApi({ 'member.orders': ok([]) });
    renderPages('/orderList', { '/orderList': <OrderListPage /> });
    expect(await screen.findByText('去开通会员')).toBeTruthy();
  });

  it('shows an order’s amounts as charged', async () => {
    signIn();
    stubApi({ 'member.order': ok({ order: paidOrder, membership: member }) });
    renderPages('/priceDetail?orderId=42', { '/priceDetail': <PriceDetailPage /> });
    expect(await screen.findByText('订单号 ZC20261128100000123456')).toBeTruthy();
    expect(screen.getByText('-¥10.00')).toBeTruthy();
    expect(screen.getByText('¥188.00')).toBeTruthy();
  });
});

describe('/receiveVip 领取会员', () => {
  it('takes the trial once and shows its end', async () => {
    signIn();
    const server = stubApi({
      'member.status': ok(ordinary),
      'member.receiveVip': ok({ ...member, vipExpiresAt: '2026-12-05T02:00:00.000Z' }),
    });
    renderPages('/receiveVip', { '/receiveVip': <ReceiveVipPage /> });
    fireEvent.click(await screen.findByRole('button', { name: '立即领取' }));
    expect(await screen.findByText('VIP 会员已生效，有效期至 2026-12-05')).toBeTruthy();
    expect(server.calls('member.receiveVip')).toHaveLength(1);
  });

  it('shows the refusal of a second trial', async () => {
    signIn();
    stubApi({
      'member.status': ok(ordinary),
      'member.receiveVip': failure('037', '您已领取过免费体验会员，每位用户限领一次'),
    });
    renderPages('/receiveVip', { '/receiveVip': <ReceiveVipPage /> });
    fireEvent.click(await screen.findByRole('button', { name: '立即领取' }));
    expect((await screen.findByRole('alert')).textContent).toBe('您已领取过免费体验会员，每位用户限领一次');
  });

  it('says the trial was taken and leads to 开通会员', async () => {
    signIn();
    stubApi({ 'member.status': ok(member) });
    renderPages('/receiveVip', { '/receiveVip': <ReceiveVipPage /> });
    expect(await screen.findByText('您已领取过体验会员')).toBeTruthy();
    expect(screen.getByRole('link', { name: '开通会员' }).getAttribute('href')).toBe('/app_userPrice');
  });
});

describe('/app_userPage 会员中心 and /app_userIndex 会员首页', () => {
  it('shows the level, its end, renewal and new coupons', async () => {
    signIn();
    stubApi({
      'member.status': ok(member),
      'member.couponCheckStatus': ok({ hasNew: true, newCount: 1, usableCount: 2 }),
      'member.goods': ok(goods),
    });
    renderPages('/app_userPage', { '/app_userPage': <AppUserPagePage /> });
    expect(await screen.findByText('有效期至 2027-11-28')).toBeTruthy();
    expect(screen.getByRole('link', { name: '立即续费' }).getAttribute('href')).toBe('/app_userPrice');
    expect(await screen.findByRole('img', { name: '有新优惠券' })).toBeTruthy();
    expect(screen.getByText('2 张可用')).toBeTruthy();
    expect(await screen.findByText('财报速览无限次')).toBeTruthy();
  });

  it('offers an ordinary user to open a membership and the trial', async () => {
    signIn();
    stubApi({
      'member.status': ok(ordinary),
      'member.couponCheckStatus': ok({ hasNew: false, newCount: 0, usableCount: 0 }),
      'member.goods': ok(goods),
    });
    renderPages('/app_userPage', { '/app_userPage': <AppUserPagePage /> });
    expect(await screen.findByText('您还不是会员')).toBeTruthy();
    expect(screen.getByRole('link', { name: '立即开通' })).toBeTruthy();
    expect(await screen.findByRole('link', { name: '免费领取 7 天体验会员' })).toBeTruthy();
  });

  it('shows a visitor the benefits and the lowest daily price', async () => {
    stubApi({ 'member.goods': ok(goods) });
    renderPages('/app_userIndex', { '/app_userIndex': <AppUserIndexPage /> });
    expect(await screen.findByText('低至 ¥0.54/天，解锁全部会员权益')).toBeTruthy();
    expect(screen.getByRole('link', { name: '查看会员价格' }).getAttribute('href')).toBe('/app_userPrice');
  });
});
