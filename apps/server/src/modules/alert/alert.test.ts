import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { api, type ServerMessage } from '@zhicai/contract';
import { formatQuotePrice } from '@zhicai/domain';
import { beforeAll, describe, expect, it } from 'vitest';
import { NOTIFY_OUTBOX } from '../../platform/notify/local-notify.ts';
import { call, callRefused } from '../../test/call.ts';
import { loginByPhone } from '../../test/login.ts';
import { useMarketSession } from '../../test/market-session.ts';
import { openQuoteSocket } from '../../test/quote-socket-client.ts';
import { inQuietHours } from './alert.service.ts';

const session = useMarketSession();
const MOUTAI = '600519.SH';

let alice = '';
let bob = '';
beforeAll(async () => {
  alice = (await loginByPhone(session.context, '13800138101')).token;
  bob = (await loginByPhone(session.context, '13800138102')).token;
}, 60_000);

function outbox(): { userId: number; channel: string; title: string; path: string }[] {
  const file = path.join(session.context.dataDir, NOTIFY_OUTBOX);
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line));
}

/** Moves the market clock one beat at a time until an alert fires or the minutes run out. */
async function beatUntilDelivered(maxBeats: number): Promise<void> {
  const { app, market } = session.context;
  const before = (await call(session.context, api.alert.unreadCount, {}, { token: alice })).datas.total;
  for (let beat = 0; beat < maxBeats; beat += 1) {
    session.now += 3000;
    await market.engine.beat();
    await app.alertDelivery.idle();
    const now = (await call(session.context, api.alert.unreadCount, {}, { token: alice })).datas.total;
    if (now > before) return;
  }
}

describe('setting alerts', () => {
  it('shows an instrument with its quote and the kinds it can have', async () => {
    const { datas } = await call(
      session.context,
      api.alert.pushInfo,
      { query: { code: MOUTAI } },
      { token: alice },
    );
    expect(datas.quote).toMatchObject({ code: MOUTAI, name: '贵州茅台', status: 'trading' });
    expect(datas.quote.limitUp).not.toBeNull();
    expect(datas.kinds).toContain('limitUp');
    expect(datas.kinds).not.toContain('navChangeAbove');
    expect(datas.alerts).toEqual([]);

    const hk = await call(
      session.context,
      api.alert.pushInfo,
      { query: { code: '00700.HK' } },
      { token: alice },
    );
    expect(hk.datas.kinds).not.toContain('limitUp');
    const fund = await call(
      session.context,
      api.alert.pushInfo,
      { query: { code: '005827.OF' } },
      { token: alice },
    );
    expect(fund.datas.kinds).toEqual(['navChangeAbove', 'navChangeBelow']);
  });

  it('refuses a target off the tick, beyond the limits or on the wrong side of the price, in Chinese', async () => {
    const { datas } = await call(
      session.context,
      api.alert.pushInfo,
      { query: { code: MOUTAI } },
      { token: alice },
    );
    const price = datas.quote.price ?? 0;
    const limitUp = datas.quote.limitUp ?? 0;
    const refused = async (kind: 'priceAbove' | 'priceBelow', value: number) =>
      (
        await callRefused(
          session.context,
          api.alert.add,
          { query: { code: MOUTAI, kind, value, frequency: 'once' } },
          { token: alice },
        )
      ).message;
    expect(await refused('priceAbove', price + 0.005)).toBe('价格须为最小变动单位 0.01 的整数倍');
    expect(await refused('priceAbove', limitUp + 1)).toBe(
      `不能高于涨停价 ${formatQuotePrice(limitUp, 'capital')}`,
    );
    expect(await refused('priceAbove', Math.floor(price) - 1)).toContain('需高于当前价');
    const nav = await callRefused(
      session.context,
      api.alert.add,
      { query: { code: MOUTAI, kind: 'navChangeAbove', value: 0.01 } },
      { token: alice },
    );
    expect(nav.message).toBe('该品种不支持“净值涨幅超过”提醒');
  });

  it('sets one alert of each kind per instrument, edits, pauses and deletes them', async () => {
    const { datas: info } = await call(
      session.context,
      api.alert.pushInfo,
      { query: { code: '000001.SZ' } },
      { token: alice },
    );
    const price = info.quote.price ?? 0;
    const saved = await call(
      session.context,
      api.alert.batchAdd,
      {
        query: { code: '000001.SZ' },
        body: {
          alerts: [
            { kind: 'changeAbove', value: 0.05, frequency: 'daily' },
            { kind: 'limitUp', frequency: 'once' },
          ],
        },
      },
      { token: alice },
    );
    expect(saved.datas.alerts.map((alert) => alert.kind).sort()).toEqual(['changeAbove', 'limitUp']);
    // Setting a kind again changes it rather than adding a second.
    const again = await call(
      session.context,
      api.alert.add,
      { query: { code: '000001.SZ', kind: 'changeAbove', value: 0.07, frequency: 'always' } },
      { token: alice },
    );
    expect(again.datas).toMatchObject({
      kind: 'changeAbove',
      value: 0.07,
      frequency: 'always',
      enabled: true,
    });
    const paused = await call(
      session.context,
      api.alert.setChange,
      { query: { id: again.datas.id, enabled: 'false' } },
      { token: alice },
    );
    expect(paused.datas.enabled).toBe(false);
    const list = await call(session.context, api.alert.pricePushlist, {}, { token: alice });
    const entry = list.datas.find((item) => item.quote.code === '000001.SZ');
    expect(entry?.alerts).toHaveLength(2);
    expect(price).toBeGreaterThan(0);
    const deleted = await call(
      session.context,
      api.alert.deleteByCode,
      { query: { code: '000001.SZ' } },
      { token: alice },
    );
    expect(deleted.datas.deleted).toBe(2);
  });

  it('stores push topics, quiet hours and switches', async () => {
    const settings = await call(
      session.context,
      api.alert.pushSet,
      { body: { key: 'hkPriceAlert', enabled: false } },
      { token: bob },
    );
    expect(settings.datas.topics).toMatchObject({ priceAlert: true, hkPriceAlert: false });
    const quiet = await call(
      session.context,
      api.alert.pushSet,
      { body: { quietHours: { enabled: true, start: '23:00', end: '07:30' } } },
      { token: bob },
    );
    expect(quiet.datas.quietHours).toEqual({ enabled: true, start: '23:00', end: '07:30' });
    expect((await call(session.context, api.alert.pushSettings, {}, { token: bob })).datas).toEqual(
      quiet.datas,
    );
    const switches = await call(
      session.context,
      api.alert.editSwitch,
      { body: { key: 'wechatNotify', enabled: false } },
      { token: bob },
    );
    expect(switches.datas).toContainEqual({ key: 'wechatNotify', name: '微信提醒', enabled: false });
    expect(switches.datas).toContainEqual({ key: 'personalizedAds', name: '个性化推荐', enabled: false });
    expect((await callRefused(session.context, api.alert.pushSet, { body: {} }, { token: bob })).code).toBe(
      '400',
    );
  });

  it('reads quiet hours on the Beijing clock, across midnight', () => {
    const hours = { enabled: true, start: '22:00', end: '08:00' };
    expect(inQuietHours(hours, new Date('2026-11-20T15:00:00Z'))).toBe(true); // 23:00
    expect(inQuietHours(hours, new Date('2026-11-20T23:59:00Z'))).toBe(true); // 07:59
    expect(inQuietHours(hours, new Date('2026-11-20T02:30:00Z'))).toBe(false); // 10:30
    expect(inQuietHours({ ...hours, enabled: false }, new Date('2026-11-20T15:00:00Z'))).toBe(false);
  });
});

describe('a fired alert', () => {
  it('reaches the message box, the user’s sockets and the outbox, and never another user’s socket', async () => {
    const { app } = session.context;
    const aliceSocket = await openQuoteSocket(app);
    const secondAliceSocket = await openQuoteSocket(app);
    const bobSocket = await openQuoteSocket(app);
    for (const [socket, token] of [
      [aliceSocket, alice],
      [secondAliceSocket, alice],
      [bobSocket, bob],
    ] as const) {
      socket.socket.send(JSON.stringify({ type: 'auth', token }));
      expect(await socket.nextOf('auth')).toEqual({ type: 'auth', signedIn: true });
    }
    // Bob watches the same lines: his alerts fire for him alone.
    const { datas } = await call(
      session.context,
      api.alert.pushInfo,
      { query: { code: MOUTAI } },
      { token: alice },
    );
    const price = datas.quote.price ?? 0;
    const lines = [
      {
        kind: 'priceBelow' as const,
        value: Math.round((price - 0.01) * 100) / 100,
        frequency: 'once' as const,
      },
      {
        kind: 'priceAbove' as const,
        value: Math.round((price + 0.01) * 100) / 100,
        frequency: 'once' as const,
      },
    ];
    await call(
      session.context,
      api.alert.batchAdd,
      { query: { code: MOUTAI }, body: { alerts: lines } },
      { token: alice },
    );

    await beatUntilDelivered(200);

    const box = await call(session.context, api.alert.messageList, {}, { token: alice });
    expect(box.datas.unread).toBeGreaterThanOrEqual(1);
    const message = box.datas.list[0];
    expect(message).toMatchObject({
      category: 'alert',
      code: MOUTAI,
      name: '贵州茅台',
      read: false,
      path: '/stock?stockCode=600519.SH',
    });
    expect(message?.title).toMatch(/^贵州茅台 股价(涨|跌)到 /);

    const pushed = await aliceSocket.nextOf('alert');
    expect(pushed).toEqual({ type: 'alert', message, banner: true });
    expect((await secondAliceSocket.nextOf('alert')).message.id).toBe(message?.id);

    // Bob's socket got ticks and nothing of Alice's: everything up to a pong after the delivery.
    bobSocket.socket.send(JSON.stringify({ type: 'ping', id: 'after' }));
    const seen: ServerMessage['type'][] = [];
    for (;;) {
      const next = await bobSocket.next();
      seen.push(next.type);
      if (next.type === 'pong') break;
    }
    expect(seen).not.toContain('alert');
    expect((await call(session.context, api.alert.messageList, {}, { token: bob })).datas.total).toBe(0);

    const sent = outbox().filter((line) => line.title === message?.title);
    expect(sent.map((line) => line.channel).sort()).toEqual(['appPush', 'wechat']);
    expect(sent[0]?.path).toBe('/stock?stockCode=600519.SH');

    // A once alert paused itself after firing.
    const after = await call(
      session.context,
      api.alert.pushInfo,
      { query: { code: MOUTAI } },
      { token: alice },
    );
    expect(after.datas.alerts.find((alert) => alert.id === message?.alertId)?.enabled).toBe(false);

    const read = await call(
      session.context,
      api.alert.readMessages,
      { body: { ids: [message?.id ?? 0] } },
      { token: alice },
    );
    expect(read.datas.updated).toBe(1);
    for (const socket of [aliceSocket, secondAliceSocket, bobSocket]) socket.socket.terminate();
  }, 120_000);

  it('stops reaching a socket whose session logged out', async () => {
    const { app } = session.context;
    const carol = await loginByPhone(session.context, '13800138103');
    const socket = await openQuoteSocket(app);
    socket.socket.send(JSON.stringify({ type: 'auth', token: carol.token }));
    expect(await socket.nextOf('auth')).toEqual({ type: 'auth', signedIn: true });
    const probe = { type: 'pong', serverTime: 0 } as const;
    expect(await app.userSockets.deliver(carol.user.id, probe)).toBe(1);
    await call(session.context, api.user.logout, { body: {} }, { token: carol.token });
    expect(await app.userSockets.deliver(carol.user.id, probe)).toBe(0);
    socket.socket.send(JSON.stringify({ type: 'auth', token: 'forged' }));
    expect(await socket.nextOf('auth')).toEqual({ type: 'auth', signedIn: false });
    socket.socket.terminate();
  });
});

describe('notices of other modules', () => {
  it('keeps the path a notice opens with it in the message box', async () => {
    const dave = await loginByPhone(session.context, '13800138104');
    await session.context.app.alertDelivery.deliverNotice({
      userId: dave.user.id,
      topic: 'strategy',
      title: '策略「低估蓝筹」新进 2 只',
      body: '贵州茅台、五粮液',
      path: '/chooseSuper?id=3',
    });
    const box = await call(session.context, api.alert.messageList, {}, { token: dave.token });
    expect(box.datas.list).toEqual([
      expect.objectContaining({ category: 'notice', code: null, path: '/chooseSuper?id=3' }),
    ]);
  });
});

describe('no object of another user', () => {
  it('refuses every call taking an alert or message id with another user’s token', async () => {
    const { datas: info } = await call(
      session.context,
      api.alert.pushInfo,
      { query: { code: '601318.SH' } },
      { token: alice },
    );
    const mine = await call(
      session.context,
      api.alert.add,
      { query: { code: '601318.SH', kind: 'changeAbove', value: 0.05 } },
      { token: alice },
    );
    const messages = await call(session.context, api.alert.messageList, {}, { token: alice });
    const messageId = messages.datas.list[0]?.id;
    expect(messageId).toBeDefined();
    expect(info.quote.code).toBe('601318.SH');
    const id = mine.datas.id;
    const cases = [
      () =>
        callRefused(
          session.context,
          api.alert.setChange,
          { query: { id, enabled: 'false' } },
          { token: bob },
        ),
      () => callRefused(session.context, api.alert.setChange, { query: { id, value: 0.09 } }, { token: bob }),
      () =>
        callRefused(
          session.context,
          api.alert.batchUpdate,
          { body: { ids: [id], enabled: false } },
          { token: bob },
        ),
      () => callRefused(session.context, api.alert.delForUserSwitch, { body: { ids: [id] } }, { token: bob }),
      () =>
        callRefused(
          session.context,
          api.alert.readMessages,
          { body: { ids: [messageId ?? 0] } },
          { token: bob },
        ),
    ];
    for (const attempt of cases) expect((await attempt()).code).toBe('404');
    // Code-based calls act on the caller's own alerts only.
    await call(session.context, api.alert.deleteByCode, { query: { code: '601318.SH' } }, { token: bob });
    const still = await call(
      session.context,
      api.alert.pushInfo,
      { query: { code: '601318.SH' } },
      { token: alice },
    );
    expect(still.datas.alerts).toEqual([expect.objectContaining({ id, enabled: true, value: 0.05 })]);
    const aliceBox = await call(session.context, api.alert.messageList, {}, { token: alice });
    expect(aliceBox.datas.list.find((message) => message.id === messageId)?.read).toBe(true);
    expect((await call(session.context, api.alert.listForUserSwitch, {}, { token: bob })).datas).toEqual([]);
  });

  it.each([api.alert.pricePushlist, api.alert.unreadCount, api.alert.switchList])(
    'answers $path without a token with 004',
    async (endpoint) => {
      expect((await callRefused(session.context, endpoint)).code).toBe('004');
    },
  );
});
