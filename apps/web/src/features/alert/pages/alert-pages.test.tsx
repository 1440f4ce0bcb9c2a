import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AlertMessage, AlertQuote, PriceAlert } from '@zhicai/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { localStore } from '../../../platform/session/local-store.ts';
import type { QuoteListener, QuoteSocket } from '../../../platform/socket/index.ts';
import { failure, ok, stubApi } from '../../../testing/api-stub.ts';
import { renderPages } from '../../../testing/render.tsx';
import { AlertBanner } from '../components/alert-banner.tsx';
import { SetAlertButton } from '../components/set-alert-button.tsx';
import MeNotificationPage from './me-notification-page.tsx';
import MessageBoxPage from './message-box-page.tsx';
import NotificationSettingPage from './notification-setting-page.tsx';
import PushSettingAllPage from './push-setting-all-page.tsx';
import PushSettingListPage from './push-setting-list-page.tsx';

const quote: AlertQuote = {
  code: '600519.SH',
  name: '贵州茅台',
  type: 'capital',
  status: 'trading',
  price: 1500,
  prevClose: 1480,
  chgPct: 0.0135,
  limitUp: 1628,
  limitDown: 1332,
};

const alert: PriceAlert = {
  id: 7,
  code: '600519.SH',
  kind: 'priceBelow',
  value: 1490,
  frequency: 'once',
  enabled: true,
  lastFiredAt: null,
  createdAt: '2026-11-20T02:00:00.000Z',
};

const kinds = ['priceAbove', 'priceBelow', 'changeAbove', 'changeBelow', 'limitUp', 'limitDown'] as const;

const message: AlertMessage = {
  id: 31,
  category: 'alert',
  alertId: 7,
  code: '600519.SH',
  name: '贵州茅台',
  instrumentType: 'capital',
  kind: 'priceBelow',
  title: '贵州茅台 股价跌到 1490.00',
  body: '贵州茅台（600519.SH）最新价 1489.50，涨跌幅 +0.64%',
  price: 1489.5,
  firedAt: '2026-11-20T02:31:00.000Z',
  read: false,
  path: '/stock?stockCode=600519.SH',
};

const pages = {
  '/pushSettingAll': <PushSettingAllPage />,
  '/pushSettingList': <PushSettingListPage />,
  '/messageBox': <MessageBoxPage />,
  '/notificationSetting': <NotificationSettingPage />,
  '/meNotification': <MeNotificationPage />,
};

beforeEach(() => {
  localStore.getState().setToken('jwt-alice');
});

afterEach(() => {
  vi.unstubAllGlobals();
  localStore.getState().setToken(null);
});

describe('/pushSettingAll', () => {
  it('lists every instrument with its alerts and opens its editor', async () => {
    stubApi({
      'alert.pricePushlist': ok([
        {
          quote,
          alerts: [alert, { ...alert, id: 8, kind: 'limitUp', value: 0, enabled: false }],
          kinds: [...kinds],
        },
      ]),
    });
    renderPages('/pushSettingAll', pages);
    expect(await screen.findByText('股价跌到 1490.00')).toBeTruthy();
    expect(screen.getByText('触及涨停（已暂停）')).toBeTruthy();
    fireEvent.click(screen.getByText('贵州茅台'));
    expect((await screen.findByRole('heading', { name: '贵州茅台 提醒设置' })).textContent).toBeTruthy();
  });

  it('says how to add one when there are none, and offers a retry when loading fails', async () => {
    stubApi({ 'alert.pricePushlist': ok([]) });
    const { unmount } = renderPages('/pushSettingAll', pages);
    expect(await screen.findByText('还没有价格提醒，在个股页点“设提醒”添加')).toBeTruthy();
    unmount();
    vi.unstubAllGlobals();
    stubApi({ 'alert.pricePushlist': failure('999') });
    renderPages('/pushSettingAll', pages);
    expect(await screen.findByText('价格提醒加载失败')).toBeTruthy();
    expect(screen.getByRole('button', { name: '重新加载' })).toBeTruthy();
  });

  it('asks a visitor to sign in', async () => {
    localStore.getState().setToken(null);
    const server = stubApi({});
    renderPages('/pushSettingAll', pages);
    expect(await screen.findByText('登录后查看和管理价格提醒')).toBeTruthy();
    expect(server.fetch).not.toHaveBeenCalled();
  });
});

describe('/pushSettingList (the editor)', () => {
  const open = () =>
    renderPages('/pushSettingList?code=600519.SH&name=%E8%B4%B5%E5%B7%9E%E8%8C%85%E5%8F%B0', pages);

  it('shows the current price and limits and refuses a line on the wrong side of the price, in Chinese', async () => {
    const server = stubApi({ 'alert.pushInfo': ok({ quote, alerts: [], kinds: [...kinds] }) });
    open();
    expect(await screen.findByText('1500.00')).toBeTruthy();
    expect(screen.getByText('涨停 1628.00 · 跌停 1332.00')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('股价跌到（元）'), { target: { value: '1510' } });
    fireEvent.click(screen.getByRole('button', { name: '保存提醒' }));
    expect((await screen.findByRole('alert')).textContent).toBe('需低于当前价 1500.00');
    fireEvent.change(screen.getByLabelText('股价跌到（元）'), { target: { value: '1490.005' } });
    fireEvent.click(screen.getByRole('button', { name: '保存提醒' }));
    expect((await screen.findByRole('alert')).textContent).toBe('价格须为最小变动单位 0.01 的整数倍');
    expect(server.calls('alert.add')).toEqual([]);
  });

  it('names the quote in its heading when opened from a detail page without a name', async () => {
    stubApi({ 'alert.pushInfo': ok({ quote, alerts: [], kinds: [...kinds] }) });
    renderPages('/pushSettingList?code=600519.SH', pages);
    expect(await screen.findByRole('heading', { name: '贵州茅台 提醒设置' })).toBeTruthy();
  });

  it('saves the ticked rows with their frequency', async () => {
    const server = stubApi({
      'alert.pushInfo': ok({ quote, alerts: [], kinds: [...kinds] }),
      'alert.add': (params) =>
        ok({ ...alert, kind: params.kind, value: params.value, frequency: params.frequency }),
    });
    open();
    fireEvent.change(await screen.findByLabelText('股价跌到（元）'), { target: { value: '1490' } });
    fireEvent.change(screen.getByLabelText('日涨幅超过（%）'), { target: { value: '5' } });
    fireEvent.change(screen.getByLabelText('日涨幅超过 提醒频率'), { target: { value: 'daily' } });
    fireEvent.click(screen.getByRole('checkbox', { name: '触及涨停' }));
    fireEvent.click(screen.getByRole('button', { name: '保存提醒' }));
    await waitFor(() => expect(server.calls('alert.add')).toHaveLength(3));
    expect(server.calls('alert.add')).toEqual([
      expect.objectContaining({ code: '600519.SH', kind: 'priceBelow', value: 1490, frequency: 'once' }),
      expect.objectContaining({ kind: 'changeAbove', value: 0.05, frequency: 'daily' }),
      expect.objectContaining({ kind: 'limitUp', value: 0 }),
    ]);
  });

  it('pauses and deletes an alert that is set', async () => {
    const server = stubApi({
      'alert.pushInfo': ok({ quote, alerts: [alert], kinds: [...kinds] }),
      'alert.setChange': ok({ ...alert, enabled: false }),
      'alert.delForUserSwitch': ok({ deleted: 1 }),
    });
    open();
    const existing = await screen.findByRole('region', { name: '已设置的提醒' });
    expect(within(existing).getByText(/股价跌到 1490.00 · 仅提醒一次/)).toBeTruthy();
    fireEvent.click(within(existing).getByRole('button', { name: '暂停' }));
    fireEvent.click(within(existing).getByRole('button', { name: '删除' }));
    await waitFor(() => expect(server.calls('alert.delForUserSwitch')).toEqual([{ ids: [7] }]));
    expect(server.calls('alert.setChange')).toEqual([expect.objectContaining({ id: 7, enabled: false })]);
  });
});

describe('/messageBox', () => {
  it('lists messages, marks one read when opened and opens its instrument', async () => {
    const server = stubApi({
      'alert.messageList': ok({
        list: [message, { ...message, id: 30, read: true, title: '贵州茅台 日涨幅超过 5%' }],
        total: 2,
        unread: 1,
      }),
      'alert.readMessages': ok({ updated: 1 }),
    });
    renderPages('/messageBox', pages);
    expect(await screen.findByText('贵州茅台 日涨幅超过 5%')).toBeTruthy();
    expect(screen.getAllByRole('img', { name: '未读' })).toHaveLength(1);
    expect(screen.getAllByText('11-20 10:31')).toHaveLength(2);
    fireEvent.click(screen.getByText(message.title));
    expect((await screen.findByTestId('destination')).textContent).toBe('/stock?stockCode=600519.SH');
    expect(server.calls('alert.readMessages')).toEqual([{ ids: [31] }]);
  });

  it('opens the strategy a notice is about, and an old alert without a path by its instrument', async () => {
    const notice: AlertMessage = {
      ...message,
      id: 40,
      category: 'notice',
      alertId: null,
      code: null,
      name: null,
      instrumentType: null,
      kind: null,
      title: '策略「低估蓝筹」新进 2 只',
      body: '贵州茅台、五粮液',
      price: null,
      path: '/chooseSuper?id=3',
    };
    stubApi({
      'alert.messageList': ok({ list: [notice, { ...message, path: null }], total: 2, unread: 2 }),
      'alert.readMessages': ok({ updated: 1 }),
    });
    renderPages('/messageBox', pages);
    fireEvent.click(await screen.findByText(notice.title));
    expect((await screen.findByTestId('destination')).textContent).toBe('/chooseSuper?id=3');
  });

  it('marks a whole tab read and shows an empty box', async () => {
    const server = stubApi({
      'alert.messageList': (params) =>
        ok(
          params.category === 'notice'
            ? { list: [], total: 0, unread: 0 }
            : { list: [message], total: 1, unread: 1 },
        ),
      'alert.readMessages': ok({ updated: 1 }),
    });
    renderPages('/messageBox?category=alert', pages);
    fireEvent.click(await screen.findByRole('button', { name: '全部已读' }));
    await waitFor(() => expect(server.calls('alert.readMessages')).toEqual([{ category: 'alert' }]));
    fireEvent.click(screen.getByRole('button', { name: '通知' }));
    expect(await screen.findByText('暂无消息')).toBeTruthy();
  });
});

describe('/notificationSetting and /meNotification', () => {
  it('switches a topic and a channel off', async () => {
    const settings = {
      topics: { priceAlert: true, hkPriceAlert: true, announcement: true, news: true, strategy: true },
      quietHours: { enabled: false, start: '22:00', end: '08:00' },
    };
    const server = stubApi({
      'alert.pushSettings': ok(settings),
      'alert.pushSet': ok({ ...settings, topics: { ...settings.topics, priceAlert: false } }),
      'alert.switchList': ok([
        { key: 'appPush', name: 'App 推送', enabled: true },
        { key: 'wechatNotify', name: '微信提醒', enabled: true },
        { key: 'inAppBanner', name: '应用内横幅', enabled: true },
        { key: 'showVolume', name: '显示成交量', enabled: true },
      ]),
      'alert.editSwitch': ok([]),
    });
    renderPages('/notificationSetting', pages);
    fireEvent.click(await screen.findByRole('switch', { name: /沪深及基金价格提醒/ }));
    fireEvent.click(await screen.findByRole('switch', { name: '微信提醒' }));
    expect(screen.queryByRole('switch', { name: '显示成交量' })).toBeNull();
    await waitFor(() =>
      expect(server.calls('alert.pushSet')).toEqual([{ key: 'priceAlert', enabled: false }]),
    );
    await waitFor(() =>
      expect(server.calls('alert.editSwitch')).toEqual([{ key: 'wechatNotify', enabled: false }]),
    );
  });

  it('shows unread counts by category', async () => {
    stubApi({ 'alert.unreadCount': ok({ alert: 3, notice: 0, total: 3 }) });
    renderPages('/meNotification', pages);
    expect(await screen.findByRole('status', { name: '3 条未读' })).toBeTruthy();
  });
});

describe('SetAlertButton and the fired-alert banner', () => {
  it('opens the editor, or the login first for a visitor', async () => {
    renderPages('/stock', { '/stock': <SetAlertButton code="600519.SH" name="贵州茅台" /> });
    fireEvent.click(screen.getByRole('button', { name: '设提醒' }));
    expect((await screen.findByTestId('destination')).textContent).toBe(
      '/pushSettingList?code=600519.SH&name=%E8%B4%B5%E5%B7%9E%E8%8C%85%E5%8F%B0',
    );
  });

  it('shows a fired alert the socket brings and opens the instrument from it', async () => {
    let listener: QuoteListener = () => {};
    const socket = {
      subscribe: (_codes: readonly string[], next: QuoteListener) => {
        listener = next;
        return () => {};
      },
    } as unknown as QuoteSocket;
    stubApi({});
    renderPages('/me', { '/me': <AlertBanner socket={socket} /> });
    listener({ type: 'alert', message, banner: false });
    expect(screen.queryByRole('alert')).toBeNull();
    listener({ type: 'alert', message, banner: true });
    const banner = await screen.findByRole('alert');
    expect(within(banner).getByText(message.title)).toBeTruthy();
    fireEvent.click(within(banner).getByText(message.title));
    expect((await screen.findByTestId('destination')).textContent).toBe('/stock?stockCode=600519.SH');
  });
});
