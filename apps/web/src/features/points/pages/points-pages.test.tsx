import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { PointExchange, PointGood, PointInfo } from '@zhicai/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { localStore } from '../../../platform/session/local-store.ts';
import { failure, ok, stubApi } from '../../../testing/api-stub.ts';
import { renderPages } from '../../../testing/render.tsx';
import { IntegralPrompt } from '../components/integral-prompt.tsx';
import IntegralNewUserPage from './integral-new-user-page.tsx';
import UserIntegralDataPage from './user-integral-data-page.tsx';
import UserIntegralPopPage from './user-integral-pop-page.tsx';
import UserIntegralPopTwoPage from './user-integral-pop-two-page.tsx';

const cycle = [5, 5, 10, 10, 15, 15, 30];

/** The info of a user two days into a streak, today (day 3) open or done. */
function pointInfo(signedToday: boolean, balance: number): PointInfo {
  return {
    balance,
    signedToday,
    streak: signedToday ? 3 : 2,
    todayPoints: 10,
    calendar: cycle.map((points, index) => ({
      day: index + 1,
      date: `2026-03-0${index + 2}`,
      points,
      signed: index < (signedToday ? 3 : 2),
      isToday: index === 2,
    })),
    tasks: [
      {
        key: 'dailyCheckIn',
        title: '每日签到',
        description: '连续签到积分逐日递增',
        points: 10,
        done: signedToday,
        once: false,
      },
      {
        key: 'bindPhone',
        title: '绑定手机号',
        description: '绑定手机号，账号更安全',
        points: 50,
        done: true,
        once: true,
      },
      {
        key: 'addWatchlist',
        title: '添加自选股',
        description: '把关注的股票加入自选',
        points: 20,
        done: false,
        once: true,
      },
      {
        key: 'firstCheckIn',
        title: '完成首次签到',
        description: '在签到页完成第一次签到',
        points: 10,
        done: true,
        once: true,
      },
    ],
  };
}

const notebook: PointGood = {
  id: 1,
  name: '知财定制笔记本',
  description: 'A5 硬壳笔记本',
  image: '/demo/points/notebook.svg',
  price: 300,
  stock: 200,
  perUserLimit: 2,
  exchanged: 0,
  demo: true,
};
const thermos: PointGood = { ...notebook, id: 2, name: '知财保温杯', price: 800, perUserLimit: 1 };
const book: PointGood = { ...notebook, id: 3, name: '投资书籍', price: 100, stock: 0 };

const lastAddress = {
  id: 9,
  name: '张三',
  phone: '13912345678',
  region: '上海市 浦东新区',
  detail: '世纪大道 100 号',
  createdAt: '2026-03-01T00:00:00.000Z',
};

const exchange: PointExchange = {
  id: 41,
  goodId: 1,
  goodName: '知财定制笔记本',
  image: '/demo/points/notebook.svg',
  points: 300,
  status: 'pending',
  carrier: null,
  trackingNo: null,
  receiverName: '张三',
  receiverPhone: '139****5678',
  address: '上海市 浦东新区 世纪大道 100 号',
  createdAt: '2026-03-02T01:00:00.000Z',
  shippedAt: null,
  deliveredAt: null,
};

const pages = {
  '/userIntegralPop': (
    <>
      <IntegralPrompt />
      <UserIntegralPopPage />
    </>
  ),
  '/userIntegralPopTwo': <UserIntegralPopTwoPage />,
  '/userIntegralData': <UserIntegralDataPage />,
  '/integralNewUser': <IntegralNewUserPage />,
};

beforeEach(() => {
  localStore.getState().setToken('jwt-alice');
});

afterEach(() => {
  vi.unstubAllGlobals();
  localStore.getState().setToken(null);
});

describe('/userIntegralPop', () => {
  it('shows the balance, the calendar and the tasks, and checks in on 签到', async () => {
    let signed = false;
    const server = stubApi({
      'points.info': () => ok(pointInfo(signed, signed ? 130 : 120)),
      'points.hasSign': () => ok(signed),
      'points.receive': () => {
        signed = true;
        return ok({ points: 10, balance: 130, streak: 3 });
      },
    });
    renderPages('/userIntegralPop', pages);
    expect((await screen.findByTestId('points-balance')).textContent).toBe('120');
    expect(screen.getByText('已连续签到 2 天，今日签到可得 10 积分')).toBeTruthy();
    const calendar = screen.getByRole('list', { name: '7 天签到日历' });
    expect(within(calendar).getAllByRole('listitem')).toHaveLength(7);
    expect(within(calendar).getByLabelText('第 2 天 3月3日 5 积分 已签到')).toBeTruthy();
    expect(screen.getByText('添加自选股')).toBeTruthy();
    // The 签到 prompt shows while today is open.
    expect(await screen.findByRole('complementary', { name: '签到提示' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: '签到 +10' }));
    expect(await screen.findByRole('button', { name: '今日已签到' })).toBeTruthy();
    expect((await screen.findByTestId('points-balance')).textContent).toBe('130');
    expect(server.calls('points.receive')).toHaveLength(1);
    // hasSign was asked again after the check-in, and the prompt is gone for today.
    await waitFor(() => expect(screen.queryByRole('complementary', { name: '签到提示' })).toBeNull());
    expect(server.calls('points.hasSign').length).toBeGreaterThanOrEqual(2);
  });

  it('links an open task to the page that does it', async () => {
    stubApi({ 'points.info': ok(pointInfo(true, 130)), 'points.hasSign': ok(true) });
    renderPages('/userIntegralPop', pages);
    fireEvent.click(await screen.findByRole('link', { name: '添加自选股：去完成' }));
    expect((await screen.findByTestId('destination')).textContent).toBe('/favorite');
  });

  it('offers a retry when the info fails to load', async () => {
    stubApi({ 'points.info': failure('999'), 'points.hasSign': ok(false) });
    renderPages('/userIntegralPop', pages);
    expect(await screen.findByText('签到信息加载失败')).toBeTruthy();
    expect(screen.getByRole('button', { name: '重新加载' })).toBeTruthy();
  });

  it('asks a visitor to sign in and calls nothing', async () => {
    localStore.getState().setToken(null);
    const server = stubApi({});
    renderPages('/userIntegralPop', pages);
    expect(await screen.findByText('登录后签到领积分')).toBeTruthy();
    expect(server.fetch).not.toHaveBeenCalled();
  });
});

describe('/userIntegralPopTwo', () => {
  it('checks in from the compact card and leads on to the shop', async () => {
    let signed = false;
    const server = stubApi({
      'points.info': () => ok(pointInfo(signed, signed ? 130 : 120)),
      'points.receive': () => {
        signed = true;
        return ok({ points: 10, balance: 130, streak: 3 });
      },
    });
    renderPages('/userIntegralPopTwo', pages);
    fireEvent.click(await screen.findByRole('button', { name: '签到 +10' }));
    expect(await screen.findByRole('button', { name: '今日已签到' })).toBeTruthy();
    expect(server.calls('points.receive')).toHaveLength(1);
    expect(screen.getByRole('link', { name: '去积分商城' }).getAttribute('href')).toBe('/userIntegralData');
  });
});

describe('/userIntegralData', () => {
  it('shows why a good cannot be exchanged: sold out, not enough points', async () => {
    stubApi({
      'points.info': ok(pointInfo(true, 500)),
      'points.goodList': ok({ list: [notebook, thermos, book] }),
    });
    renderPages('/userIntegralData', pages);
    expect(
      (await screen.findByRole('button', { name: '知财定制笔记本：立即兑换' })).hasAttribute('disabled'),
    ).toBe(false);
    expect(
      (await screen.findByRole('button', { name: '知财保温杯：积分不足' })).hasAttribute('disabled'),
    ).toBe(true);
    expect(screen.getByRole('button', { name: '投资书籍：已兑完' }).hasAttribute('disabled')).toBe(true);
  });

  it('exchanges a good to the prefilled address and shows it in 我的兑换', async () => {
    let exchanged = false;
    const server = stubApi({
      'points.info': () => ok(pointInfo(true, exchanged ? 200 : 500)),
      'points.goodList': ok({ list: [notebook] }),
      'points.expressLast': ok(lastAddress),
      'points.exchange': () => {
        exchanged = true;
        return ok({ exchange, balance: 200 });
      },
      'points.exchangeList': () => ok({ list: exchanged ? [exchange] : [], lastId: null }),
    });
    renderPages('/userIntegralData', pages);
    fireEvent.click(await screen.findByRole('button', { name: '知财定制笔记本：立即兑换' }));
    const sheet = await screen.findByRole('dialog', { name: '确认兑换' });
    await waitFor(() =>
      expect((within(sheet).getByLabelText('手机号') as HTMLInputElement).value).toBe('13912345678'),
    );
    fireEvent.click(within(sheet).getByRole('button', { name: '确认兑换（300 积分）' }));
    expect(await screen.findByText('待发货')).toBeTruthy();
    expect(screen.getByText('张三 139****5678 上海市 浦东新区 世纪大道 100 号')).toBeTruthy();
    // The unchanged address was used again, not saved a second time.
    expect(server.calls('points.createExpressInfo')).toEqual([]);
    const [sent] = server.calls('points.exchange');
    expect(sent).toMatchObject({ goodId: 1, expressId: 9 });
    expect(sent?.requestKey).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
  });

  it('refuses a bad phone number before sending anything, then saves a new address', async () => {
    const server = stubApi({
      'points.info': ok(pointInfo(true, 500)),
      'points.goodList': ok({ list: [notebook] }),
      'points.expressLast': ok(null),
      'points.createExpressInfo': (params) =>
        ok({ ...params, id: 12, createdAt: '2026-03-02T01:00:00.000Z' }),
      'points.exchange': ok({ exchange, balance: 200 }),
      'points.exchangeList': ok({ list: [exchange], lastId: null }),
    });
    renderPages('/userIntegralData', pages);
    fireEvent.click(await screen.findByRole('button', { name: '知财定制笔记本：立即兑换' }));
    const sheet = await screen.findByRole('dialog', { name: '确认兑换' });
    const fill = (label: string, value: string) =>
      fireEvent.change(within(sheet).getByLabelText(label), { target: { value } });
    fill('收货人', '李四');
    fill('手机号', '12345');
    fill('所在地区', '北京市 朝阳区');
    fill('详细地址', '建国路 88 号');
    fireEvent.click(within(sheet).getByRole('button', { name: '确认兑换（300 积分）' }));
    expect((await within(sheet).findByRole('alert')).textContent).toBe('请输入正确的手机号');
    expect(server.calls('points.createExpressInfo')).toEqual([]);
    expect(server.calls('points.exchange')).toEqual([]);

    fill('手机号', '13712345678');
    fireEvent.click(within(sheet).getByRole('button', { name: '确认兑换（300 积分）' }));
    await waitFor(() => expect(server.calls('points.exchange')).toHaveLength(1));
    expect(server.calls('points.createExpressInfo')).toEqual([
      { name: '李四', phone: '13712345678', region: '北京市 朝阳区', detail: '建国路 88 号' },
    ]);
    expect(server.calls('points.exchange')[0]).toMatchObject({ expressId: 12 });
  });

  it('shows the ledger with earned and spent points', async () => {
    stubApi({
      'points.info': ok(pointInfo(true, 200)),
      'points.goodList': ok({ list: [notebook] }),
      'points.pointList': ok({
        list: [
          {
            id: 3,
            amount: -300,
            reason: 'exchange',
            title: '兑换 知财定制笔记本',
            createdAt: '2026-03-02T01:00:00.000Z',
          },
          {
            id: 2,
            amount: 10,
            reason: 'checkIn',
            title: '连续签到第 3 天',
            createdAt: '2026-03-01T23:30:00.000Z',
          },
        ],
        lastId: null,
      }),
    });
    renderPages('/userIntegralData', pages);
    fireEvent.click(await screen.findByRole('button', { name: '积分明细' }));
    expect(await screen.findByText('兑换 知财定制笔记本')).toBeTruthy();
    expect(screen.getByText('-300')).toBeTruthy();
    expect(screen.getByText('+10')).toBeTruthy();
    expect(screen.getByText('2026-03-02 07:30')).toBeTruthy();
  });

  it('shows a shipped exchange with its tracking number, and an empty 我的兑换 says so', async () => {
    stubApi({
      'points.info': ok(pointInfo(true, 200)),
      'points.goodList': ok({ list: [notebook] }),
      'points.exchangeList': ok({
        list: [{ ...exchange, status: 'shipped', carrier: '知财演示快递', trackingNo: 'ZC000000000001' }],
        lastId: null,
      }),
    });
    renderPages('/userIntegralData', pages);
    fireEvent.click(await screen.findByRole('button', { name: '我的兑换' }));
    expect(await screen.findByText('已发货')).toBeTruthy();
    expect(screen.getByText('知财演示快递 单号 ZC000000000001')).toBeTruthy();
  });

  it('shows a visitor the goods and sends 登录兑换 to login', async () => {
    localStore.getState().setToken(null);
    const server = stubApi({ 'points.goodList': ok({ list: [notebook] }) });
    renderPages('/userIntegralData', pages);
    fireEvent.click(await screen.findByRole('button', { name: '知财定制笔记本：登录兑换' }));
    expect((await screen.findByTestId('destination')).textContent).toMatch(/^\/bindphone\?redirect=/);
    expect(server.names()).toEqual(['points.goodList']);
  });
});

describe('/integralNewUser', () => {
  it('lists the one-time tasks from real data with the unmasked phone, asking userinfo with notMsk', async () => {
    const server = stubApi({
      'points.info': ok(pointInfo(false, 60)),
      'user.userinfo': ok({
        id: 7,
        nickname: '小知',
        avatar: '',
        phone: '13800138000',
        vipType: 0,
        abTestBatchNo: 'A',
        createdAt: '2026-03-01T00:00:00.000Z',
      }),
    });
    renderPages('/integralNewUser', pages);
    expect(await screen.findByText('完成新人任务，共得 80 积分')).toBeTruthy();
    expect(screen.getByText('还有 1 项待完成 · 当前积分 60')).toBeTruthy();
    expect(await screen.findByText('已绑定 13800138000')).toBeTruthy();
    expect(screen.queryByText('每日签到')).toBeNull();
    expect(screen.getAllByText('已完成')).toHaveLength(2);
    expect(screen.getByRole('link', { name: '添加自选股：去完成' }).getAttribute('href')).toBe('/favorite');
    expect(server.calls('user.userinfo')[0]).toMatchObject({ action: 'notMsk', source: '1' });
  });
});
