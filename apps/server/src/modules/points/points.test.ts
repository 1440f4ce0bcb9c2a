import { api, checkInCycle } from '@zhicai/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { call, callRefused, callSettled } from '../../test/call.ts';
import { loginByPhone } from '../../test/login.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { shanghaiDate, streakEndingOn } from './points.service.ts';

let context: TestContext;
// 2026-03-02 07:30 in Asia/Shanghai, still 2026-03-01 in UTC.
const start = Date.parse('2026-03-01T23:30:00Z');
let now = start;
const DAY = 86_400_000;
beforeEach(async () => {
  now = start;
  context = await createTestApp({ clock: () => new Date(now) });
});
afterEach(async () => {
  await context.close();
});

function hasSign(token?: string) {
  return call(context, api.points.hasSign, {}, token ? { token } : {});
}

async function info(token: string) {
  return (await call(context, api.points.info, {}, { token })).datas;
}

/** Sets a user's balance, after the new-user tasks they have done were credited (info credits them). */
async function setBalance(login: { token: string; user: { id: number } }, balance: number) {
  await info(login.token);
  const userId = login.user.id;
  await context.database.db
    .insertInto('point_accounts')
    .values({ user_id: userId, balance, version: 0 })
    .onConflict((conflict) => conflict.column('user_id').doUpdateSet({ balance }))
    .execute();
}

async function balanceOf(token: string) {
  return (await info(token)).balance;
}

const address = {
  name: '张三',
  phone: '13912345678',
  region: '上海市 浦东新区',
  detail: '世纪大道 100 号 8 楼',
};

async function saveAddress(token: string) {
  return (await call(context, api.points.createExpressInfo, { body: address }, { token })).datas;
}

async function goods(token?: string) {
  return (await call(context, api.points.goodList, {}, token ? { token } : {})).datas.list;
}

async function goodNamed(name: string) {
  const good = (await goods()).find((item) => item.name === name);
  if (!good) throw new Error(`no good ${name}`);
  return good;
}

describe('GET /api/v2/pointShop/hasSign', () => {
  it('answers false for a user without a check-in today and true once there is one', async () => {
    const login = await loginByPhone(context, '13800138001');
    expect(await hasSign(login.token)).toMatchObject({ code: '000', message: '成功', datas: false });
    // Yesterday's check-in does not count.
    await context.database.db
      .insertInto('check_ins')
      .values({ user_id: login.user.id, date: '2026-03-01', created_at: '2026-03-01T01:00:00Z' })
      .execute();
    expect((await hasSign(login.token)).datas).toBe(false);
    await context.database.db
      .insertInto('check_ins')
      .values({ user_id: login.user.id, date: '2026-03-02', created_at: new Date(now).toISOString() })
      .execute();
    expect((await hasSign(login.token)).datas).toBe(true);
  });

  it('answers false for a visitor', async () => {
    expect(await hasSign()).toMatchObject({ code: '000', message: '成功', datas: false });
  });

  it('counts days in Asia/Shanghai', () => {
    expect(shanghaiDate(new Date(now))).toBe('2026-03-02');
  });
});

describe('POST /api/v2/pointShop/receive (daily check-in)', () => {
  it('credits the first day of the cycle once, and refuses a second check-in the same day', async () => {
    const login = await loginByPhone(context, '13800138002');
    const before = await balanceOf(login.token);
    const first = await call(context, api.points.receive, { body: {} }, { token: login.token });
    expect(first.datas).toMatchObject({ points: checkInCycle[0], streak: 1 });
    // The first check-in also completes the 首次签到 new-user task (10).
    expect(first.datas.balance).toBe(before + checkInCycle[0] + 10);
    expect((await hasSign(login.token)).datas).toBe(true);

    const again = await callRefused(context, api.points.receive, { body: {} }, { token: login.token });
    expect(again).toMatchObject({ code: '037', message: '今天已经签到过了，明天再来吧' });
    expect(await balanceOf(login.token)).toBe(first.datas.balance);
    const ledger = (await call(context, api.points.pointList, {}, { token: login.token })).datas.list;
    expect(ledger.filter((entry) => entry.reason === 'checkIn')).toHaveLength(1);
  });

  it('opens a new check-in at Beijing midnight, not at UTC midnight', async () => {
    const login = await loginByPhone(context, '13800138003');
    now = Date.parse('2026-03-01T15:59:00Z'); // 23:59 on 1 March in Beijing
    await call(context, api.points.receive, { body: {} }, { token: login.token });
    now = Date.parse('2026-03-01T16:00:30Z'); // 00:00 on 2 March in Beijing, the same UTC day
    expect((await hasSign(login.token)).datas).toBe(false);
    const second = await call(context, api.points.receive, { body: {} }, { token: login.token });
    expect(second.datas).toMatchObject({ points: checkInCycle[1], streak: 2 });
    now = Date.parse('2026-03-02T15:59:59Z'); // still 2 March in Beijing
    const refused = await callRefused(context, api.points.receive, { body: {} }, { token: login.token });
    expect(refused.code).toBe('037');
  });

  it('raises the points along the streak, repeats the cycle after day 7 and restarts after a missed day', async () => {
    const login = await loginByPhone(context, '13800138004');
    const earned: number[] = [];
    for (let day = 0; day < 8; day += 1) {
      now = start + day * DAY;
      earned.push(
        (await call(context, api.points.receive, { body: {} }, { token: login.token })).datas.points,
      );
    }
    expect(earned).toEqual([5, 5, 10, 10, 15, 15, 30, 5]);
    const eighth = await info(login.token);
    expect(eighth).toMatchObject({ signedToday: true, streak: 8 });
    expect(eighth.calendar.map((day) => day.signed)).toEqual([
      true,
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
    expect(eighth.calendar[0]).toMatchObject({ isToday: true, points: 5, date: '2026-03-09' });

    // Day 9 skipped: day 10 starts again at 5 points.
    now = start + 9 * DAY;
    const broken = await info(login.token);
    expect(broken).toMatchObject({ signedToday: false, streak: 0, todayPoints: 5 });
    const restarted = await call(context, api.points.receive, { body: {} }, { token: login.token });
    expect(restarted.datas).toMatchObject({ points: 5, streak: 1 });
  });

  it('shows the calendar ahead of today: done days, today, and the days to come with their points', async () => {
    const login = await loginByPhone(context, '13800138005');
    for (let day = 0; day < 2; day += 1) {
      now = start + day * DAY;
      await call(context, api.points.receive, { body: {} }, { token: login.token });
    }
    now = start + 2 * DAY; // 4 March in Beijing, not checked in yet
    const open = await info(login.token);
    expect(open).toMatchObject({ signedToday: false, streak: 2, todayPoints: 10 });
    expect(open.calendar.map((day) => [day.day, day.date, day.points, day.signed, day.isToday])).toEqual([
      [1, '2026-03-02', 5, true, false],
      [2, '2026-03-03', 5, true, false],
      [3, '2026-03-04', 10, false, true],
      [4, '2026-03-05', 10, false, false],
      [5, '2026-03-06', 15, false, false],
      [6, '2026-03-07', 15, false, false],
      [7, '2026-03-08', 30, false, false],
    ]);
  });

  it('checks in once when two taps arrive together', async () => {
    const login = await loginByPhone(context, '13800138006');
    const before = await balanceOf(login.token);
    const answers = await Promise.all(
      Array.from({ length: 4 }, () =>
        callSettled(context, api.points.receive, { body: {} }, { token: login.token }),
      ),
    );
    expect(answers.filter((answer) => answer.ok)).toHaveLength(1);
    expect(answers.filter((answer) => !answer.ok).map((answer) => answer.code)).toEqual([
      '037',
      '037',
      '037',
    ]);
    expect(await balanceOf(login.token)).toBe(before + 5 + 10);
  });

  it('refuses a visitor', async () => {
    expect((await callRefused(context, api.points.receive, { body: {} })).code).toBe('004');
  });

  it('counts a streak from consecutive days only', () => {
    expect(streakEndingOn(['2026-03-03', '2026-03-02', '2026-02-28'], '2026-03-03')).toBe(2);
    expect(streakEndingOn(['2026-03-02'], '2026-03-03')).toBe(0);
  });
});

describe('GET /api/v2/pointShop/info (tasks)', () => {
  it('credits each new-user task once when its fact is found, from the real tables', async () => {
    const login = await loginByPhone(context, '13800138007');
    const first = await info(login.token);
    const byKey = Object.fromEntries(first.tasks.map((task) => [task.key, task]));
    // A phone login has a bound phone; no watchlist item and no check-in yet.
    expect(byKey.bindPhone).toMatchObject({ done: true, points: 50, once: true });
    expect(byKey.addWatchlist).toMatchObject({ done: false, points: 20 });
    expect(byKey.firstCheckIn).toMatchObject({ done: false, points: 10 });
    expect(byKey.dailyCheckIn).toMatchObject({ done: false, once: false, points: 5 });
    expect(first.balance).toBe(50);
    expect((await info(login.token)).balance).toBe(50);

    const group = await context.database.db
      .insertInto('watchlist_groups')
      .values({
        user_id: login.user.id,
        name: '默认',
        kind: 'default',
        position: 0,
        version: 0,
        created_at: '2026-03-01T00:00:00Z',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await context.database.db
      .insertInto('watchlist_items')
      .values({ group_id: group.id, user_id: login.user.id, code: '600519', position: 0, pinned_at: null })
      .execute();
    const second = await info(login.token);
    expect(second.tasks.find((task) => task.key === 'addWatchlist')?.done).toBe(true);
    expect(second.balance).toBe(70);
    expect((await info(login.token)).balance).toBe(70);
    const ledger = (await call(context, api.points.pointList, {}, { token: login.token })).datas.list;
    expect(ledger.map((entry) => [entry.reason, entry.amount])).toEqual([
      ['task', 20],
      ['task', 50],
    ]);
  });
});

describe('GET /api/v2/pointShop/pointList', () => {
  it('pages the ledger by lastId, newest first, and shows only the caller’s entries', async () => {
    const login = await loginByPhone(context, '13800138008');
    for (let day = 0; day < 5; day += 1) {
      now = start + day * DAY;
      await call(context, api.points.receive, { body: {} }, { token: login.token });
    }
    // 5 check-ins, bindPhone and firstCheckIn tasks: 7 entries.
    const first = (await call(context, api.points.pointList, { query: { size: 4 } }, { token: login.token }))
      .datas;
    expect(first.list).toHaveLength(4);
    expect(first.lastId).toBe(first.list[3]?.id);
    const second = (
      await call(
        context,
        api.points.pointList,
        { query: { size: 4, lastId: first.lastId ?? 0 } },
        { token: login.token },
      )
    ).datas;
    expect(second.list).toHaveLength(3);
    expect(second.lastId).toBeNull();
    const ids = [...first.list, ...second.list].map((entry) => entry.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));

    const other = await loginByPhone(context, '13800138009');
    expect((await call(context, api.points.pointList, {}, { token: other.token })).datas.list).toEqual([]);
  });
});

describe('delivery addresses', () => {
  it('saves an address and answers it as the last one; another user sees none', async () => {
    const login = await loginByPhone(context, '13800138010');
    expect((await call(context, api.points.expressLast, {}, { token: login.token })).datas).toBeNull();
    await saveAddress(login.token);
    const newer = (
      await call(
        context,
        api.points.createExpressInfo,
        { body: { ...address, detail: '陆家嘴环路 1 号' } },
        { token: login.token },
      )
    ).datas;
    expect((await call(context, api.points.expressLast, {}, { token: login.token })).datas).toEqual(newer);
    const other = await loginByPhone(context, '13800138011');
    expect((await call(context, api.points.expressLast, {}, { token: other.token })).datas).toBeNull();
  });

  it('refuses a phone that is not a mainland mobile number, and saves nothing', async () => {
    const login = await loginByPhone(context, '13800138012');
    for (const phone of ['12345678901', '1391234567', '+8613912345678', '02188888888']) {
      const refused = await callRefused(
        context,
        api.points.createExpressInfo,
        { body: { ...address, phone } },
        { token: login.token },
      );
      expect(refused).toMatchObject({ code: '400' });
      expect(refused.message).toContain('请输入正确的手机号');
    }
    expect((await call(context, api.points.expressLast, {}, { token: login.token })).datas).toBeNull();
  });
});

describe('the points shop', () => {
  it('lists the seeded demo goods with price, stock, limit and a local picture', async () => {
    const list = await goods();
    expect(list.map((good) => good.name)).toContain('知财定制笔记本');
    for (const good of list) {
      expect(good).toMatchObject({ demo: true, exchanged: 0 });
      expect(good.image).toMatch(/^\/demo\/points\/[a-z]+\.svg$/);
      expect(good.price).toBeGreaterThan(0);
      expect(good.stock).toBeGreaterThan(0);
    }
  });

  it('exchanges a good: points and stock go down once, the exchange waits for shipping', async () => {
    const login = await loginByPhone(context, '13800138013');
    await info(login.token);
    await setBalance(login, 1000);
    const expressInfo = await saveAddress(login.token);
    const notebook = await goodNamed('知财定制笔记本');
    const body = { goodId: notebook.id, expressId: expressInfo.id, requestKey: 'exchange-key-0001' };
    const made = await call(context, api.points.exchange, { body }, { token: login.token });
    expect(made.datas.balance).toBe(1000 - notebook.price);
    expect(made.datas.exchange).toMatchObject({
      goodName: '知财定制笔记本',
      points: notebook.price,
      status: 'pending',
      trackingNo: null,
      receiverName: '张三',
      receiverPhone: '139****5678',
      address: '上海市 浦东新区 世纪大道 100 号 8 楼',
    });
    // A retry with the same key answers the same exchange and charges nothing more.
    const retried = await call(context, api.points.exchange, { body }, { token: login.token });
    expect(retried.datas.exchange.id).toBe(made.datas.exchange.id);
    expect(retried.datas.balance).toBe(1000 - notebook.price);
    expect((await goodNamed('知财定制笔记本')).stock).toBe(notebook.stock - 1);
    expect((await goods(login.token)).find((good) => good.id === notebook.id)?.exchanged).toBe(1);

    const ledger = (await call(context, api.points.pointList, {}, { token: login.token })).datas.list;
    expect(ledger[0]).toMatchObject({
      reason: 'exchange',
      amount: -notebook.price,
      title: '兑换 知财定制笔记本',
    });
    const list = (await call(context, api.points.exchangeList, {}, { token: login.token })).datas.list;
    expect(list.map((exchange) => exchange.id)).toEqual([made.datas.exchange.id]);
  });

  it('ships the exchange after a while with a tracking number, then marks it delivered', async () => {
    const login = await loginByPhone(context, '13800138014');
    await setBalance(login, 1000);
    const expressInfo = await saveAddress(login.token);
    const notebook = await goodNamed('知财定制笔记本');
    await call(
      context,
      api.points.exchange,
      { body: { goodId: notebook.id, expressId: expressInfo.id, requestKey: 'exchange-key-0002' } },
      { token: login.token },
    );
    const list = async () =>
      (await call(context, api.points.exchangeList, {}, { token: login.token })).datas.list[0];
    now += 3 * 60 * 1000;
    const shipped = await list();
    expect(shipped).toMatchObject({ status: 'shipped', carrier: '知财演示快递' });
    expect(shipped?.trackingNo).toMatch(/^ZC\d{12}$/);
    now += 60 * 60 * 1000;
    expect(await list()).toMatchObject({ status: 'delivered', trackingNo: shipped?.trackingNo });
  });

  it('keeps exchanges while the logistics partner is down, tries it once per look, and hands them over later', async () => {
    await context.close();
    let down = true;
    let attempts = 0;
    context = await createTestApp({
      clock: () => new Date(now),
      platform: {
        logistics: {
          kind: 'express',
          description: 'flaky test partner',
          async createShipment(order) {
            attempts += 1;
            if (down) throw new Error('partner down');
            return { shipmentId: `s-${order.orderNo}` };
          },
          async track() {
            return {
              status: 'shipped',
              carrier: '顺丰速运',
              trackingNo: 'SF1234567890',
              shippedAt: new Date(now).toISOString(),
              deliveredAt: null,
            };
          },
        },
      },
    });
    const login = await loginByPhone(context, '13800138015');
    await setBalance(login, 1000);
    const expressInfo = await saveAddress(login.token);
    const mousepad = await goodNamed('行情鼠标垫');
    for (const requestKey of ['exchange-key-0003', 'exchange-key-0013']) {
      const made = await call(
        context,
        api.points.exchange,
        { body: { goodId: mousepad.id, expressId: expressInfo.id, requestKey } },
        { token: login.token },
      );
      expect(made.datas.exchange.status).toBe('pending');
    }
    expect(attempts).toBe(2);
    // Still down: one look tries the partner once, not once per exchange.
    const waiting = (await call(context, api.points.exchangeList, {}, { token: login.token })).datas.list;
    expect(waiting.map((exchange) => exchange.status)).toEqual(['pending', 'pending']);
    expect(attempts).toBe(3);

    down = false;
    // The first look hands them over; the next one follows the partner's state.
    await call(context, api.points.exchangeList, {}, { token: login.token });
    const list = (await call(context, api.points.exchangeList, {}, { token: login.token })).datas.list;
    expect(list.map((exchange) => [exchange.status, exchange.carrier, exchange.trackingNo])).toEqual([
      ['shipped', '顺丰速运', 'SF1234567890'],
      ['shipped', '顺丰速运', 'SF1234567890'],
    ]);
  });

  it('refuses too few points, and takes nothing', async () => {
    const login = await loginByPhone(context, '13800138016');
    await info(login.token);
    await setBalance(login, 100);
    const expressInfo = await saveAddress(login.token);
    const thermos = await goodNamed('知财保温杯');
    const refused = await callRefused(
      context,
      api.points.exchange,
      { body: { goodId: thermos.id, expressId: expressInfo.id, requestKey: 'exchange-key-0004' } },
      { token: login.token },
    );
    expect(refused).toMatchObject({
      code: '037',
      message: `积分不足：需要 ${thermos.price} 积分，当前 100 积分`,
    });
    expect(await balanceOf(login.token)).toBe(100);
    expect((await goodNamed('知财保温杯')).stock).toBe(thermos.stock);
  });

  it('refuses a sold-out good', async () => {
    const login = await loginByPhone(context, '13800138017');
    await setBalance(login, 5000);
    const expressInfo = await saveAddress(login.token);
    const book = await goodNamed('投资书籍《财报的真相》');
    await context.database.db
      .updateTable('point_goods')
      .set({ stock: 0 })
      .where('id', '=', book.id)
      .execute();
    const refused = await callRefused(
      context,
      api.points.exchange,
      { body: { goodId: book.id, expressId: expressInfo.id, requestKey: 'exchange-key-0005' } },
      { token: login.token },
    );
    expect(refused).toMatchObject({ code: '037', message: '该商品已兑完' });
    expect(await balanceOf(login.token)).toBe(5000);
  });

  it('refuses more than the per-user limit', async () => {
    const login = await loginByPhone(context, '13800138018');
    await setBalance(login, 5000);
    const expressInfo = await saveAddress(login.token);
    const thermos = await goodNamed('知财保温杯');
    expect(thermos.perUserLimit).toBe(1);
    const exchange = (requestKey: string) => ({
      body: { goodId: thermos.id, expressId: expressInfo.id, requestKey },
    });
    await call(context, api.points.exchange, exchange('exchange-key-0006'), { token: login.token });
    const refused = await callRefused(context, api.points.exchange, exchange('exchange-key-0007'), {
      token: login.token,
    });
    expect(refused).toMatchObject({ code: '037', message: '该商品每人限兑 1 件，您已兑换 1 件' });
    expect(await balanceOf(login.token)).toBe(5000 - thermos.price);
  });

  it('never overdraws points when one user exchanges many times at once', async () => {
    const login = await loginByPhone(context, '13800138019');
    await info(login.token);
    const mousepad = await goodNamed('行情鼠标垫');
    await context.database.db
      .updateTable('point_goods')
      .set({ per_user_limit: 50 })
      .where('id', '=', mousepad.id)
      .execute();
    await setBalance(login, mousepad.price * 3 + 10);
    const expressInfo = await saveAddress(login.token);
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        callSettled(
          context,
          api.points.exchange,
          { body: { goodId: mousepad.id, expressId: expressInfo.id, requestKey: `parallel-key-${index}` } },
          { token: login.token },
        ),
      ),
    );
    expect(answers.filter((answer) => answer.ok)).toHaveLength(3);
    expect(answers.filter((answer) => !answer.ok).every((answer) => answer.code === '037')).toBe(true);
    expect(await balanceOf(login.token)).toBe(10);
    expect((await goodNamed('行情鼠标垫')).stock).toBe(mousepad.stock - 3);
  });

  it('never sells more than the stock when many users exchange the last ones at once', async () => {
    const book = await goodNamed('投资书籍《财报的真相》');
    await context.database.db
      .updateTable('point_goods')
      .set({ stock: 2 })
      .where('id', '=', book.id)
      .execute();
    const buyers = [];
    for (let index = 0; index < 5; index += 1) {
      const login = await loginByPhone(context, `1380013810${index}`);
      await setBalance(login, 1000);
      buyers.push({ token: login.token, expressId: (await saveAddress(login.token)).id });
    }
    const answers = await Promise.all(
      buyers.map((buyer, index) =>
        callSettled(
          context,
          api.points.exchange,
          { body: { goodId: book.id, expressId: buyer.expressId, requestKey: `stock-key-${index}` } },
          { token: buyer.token },
        ),
      ),
    );
    expect(answers.filter((answer) => answer.ok)).toHaveLength(2);
    expect(answers.filter((answer) => !answer.ok).map((answer) => answer.message)).toEqual([
      '该商品已兑完',
      '该商品已兑完',
      '该商品已兑完',
    ]);
    expect((await goodNamed('投资书籍《财报的真相》')).stock).toBe(0);
    const balances = await Promise.all(buyers.map((buyer) => balanceOf(buyer.token)));
    expect(balances.filter((balance) => balance === 1000 - book.price)).toHaveLength(2);
  });

  it('refuses another user’s address and keeps each user’s exchanges to themselves', async () => {
    const owner = await loginByPhone(context, '13800138020');
    const other = await loginByPhone(context, '13800138021');
    await setBalance(owner, 1000);
    await setBalance(other, 1000);
    const ownersAddress = await saveAddress(owner.token);
    const notebook = await goodNamed('知财定制笔记本');
    const refused = await callRefused(
      context,
      api.points.exchange,
      { body: { goodId: notebook.id, expressId: ownersAddress.id, requestKey: 'exchange-key-0008' } },
      { token: other.token },
    );
    expect(refused).toMatchObject({ code: '404', message: '收货地址不存在，请重新填写' });
    expect(await balanceOf(other.token)).toBe(1000);

    await call(
      context,
      api.points.exchange,
      { body: { goodId: notebook.id, expressId: ownersAddress.id, requestKey: 'exchange-key-0009' } },
      { token: owner.token },
    );
    expect((await call(context, api.points.exchangeList, {}, { token: other.token })).datas.list).toEqual([]);
    expect(
      (await call(context, api.points.exchangeList, {}, { token: owner.token })).datas.list,
    ).toHaveLength(1);
  });

  it('refuses an unknown good and a missing request key', async () => {
    const login = await loginByPhone(context, '13800138022');
    const expressInfo = await saveAddress(login.token);
    const unknown = await callRefused(
      context,
      api.points.exchange,
      { body: { goodId: 99999, expressId: expressInfo.id, requestKey: 'exchange-key-0010' } },
      { token: login.token },
    );
    expect(unknown).toMatchObject({ code: '404', message: '商品不存在或已下架' });
    const noKey = await callRefused(
      context,
      api.points.exchange,
      { body: { goodId: 1, expressId: expressInfo.id } },
      { token: login.token },
    );
    expect(noKey.code).toBe('400');

    // A key already used for one good cannot exchange another.
    await setBalance(login, 1000);
    const notebook = await goodNamed('知财定制笔记本');
    const thermos = await goodNamed('知财保温杯');
    const body = { goodId: notebook.id, expressId: expressInfo.id, requestKey: 'exchange-key-0011' };
    await call(context, api.points.exchange, { body }, { token: login.token });
    const reused = await callRefused(
      context,
      api.points.exchange,
      { body: { ...body, goodId: thermos.id } },
      { token: login.token },
    );
    expect(reused).toMatchObject({ code: '400', message: '请求标识已用于另一件商品的兑换' });
    expect(await balanceOf(login.token)).toBe(1000 - notebook.price);
  });
});
