import { api, type Endpoint } from '@zhicai/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_TEST_TOKEN } from '../../db/seed.ts';
import { rateLimitRules } from '../../http/rate-limits.ts';
import { call, callRefused, callSettled } from '../../test/call.ts';
import { loginByPhone } from '../../test/login.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { abTestBatchOf, abTestTagOf, maskPhone, priceDateAt } from './user.service.ts';

let context: TestContext;
// Monday 2026-03-02 10:00 in Asia/Shanghai.
let now = Date.parse('2026-03-02T02:00:00Z');
beforeEach(async () => {
  now = Date.parse('2026-03-02T02:00:00Z');
  context = await createTestApp({ clock: () => new Date(now) });
});
afterEach(async () => {
  await context.close();
});

describe('GET /api/v2/user/isCN', () => {
  it.each([
    ['a mainland address (AliDNS)', '223.5.5.5', true],
    ['a mainland address (114DNS)', '114.114.114.114', true],
    ['loopback', '127.0.0.1', true],
    ['a private address', '192.168.1.20', true],
    ['a link-local address', '169.254.10.1', true],
    ['IPv6 loopback', '::1', true],
    ['an IPv4-mapped mainland address', '::ffff:223.5.5.5', true],
    ['a US address', '8.8.8.8', false],
    ['a Hong Kong address', '202.181.200.1', false],
    ['a public IPv6 address', '2001:4860:4860::8888', false],
  ])('judges %s', async (_case, ip, isCN) => {
    const { code, datas } = await call(context, api.user.isCN, {}, { remoteAddress: ip });
    expect(code).toBe('000');
    expect(datas).toMatchObject({ ip, isCN, priceDate: '2026-03-02' });
    if (isCN) expect(datas).toMatchObject({ msg: '', msgHk: '' });
    else {
      expect(datas.msg).toContain('中国大陆');
      expect(datas.msgHk).toContain('港股');
    }
  });

  it('ignores X-Forwarded-For unless TRUST_PROXY is on', async () => {
    const forwarded = { remoteAddress: '10.0.0.2', headers: { 'x-forwarded-for': '8.8.8.8' } };
    const direct = await call(context, api.user.isCN, {}, forwarded);
    expect(direct.datas).toMatchObject({ ip: '10.0.0.2', isCN: true });
    await context.close();
    context = await createTestApp({ trustProxy: { kind: 'hops', hops: 1 } });
    const proxied = await call(context, api.user.isCN, {}, forwarded);
    expect(proxied.datas).toMatchObject({ ip: '8.8.8.8', isCN: false });
  });

  it.each([
    ['a Monday', '2026-03-02T02:00:00Z', '2026-03-02'],
    ['a Saturday', '2026-03-07T02:00:00Z', '2026-03-06'],
    ['a Sunday', '2026-03-08T02:00:00Z', '2026-03-06'],
    ['Monday 01:00 in Shanghai (Sunday in UTC)', '2026-03-01T17:00:00Z', '2026-03-02'],
    ['Saturday 01:00 in Shanghai (Friday in UTC)', '2026-03-06T17:00:00Z', '2026-03-06'],
  ])('gives the price date on %s as the latest weekday in Asia/Shanghai', (_case, instant, date) => {
    expect(priceDateAt(new Date(instant))).toBe(date);
  });
});

describe('GET /api/v2/user/userinfo and vipType', () => {
  it('answers the user with the phone masked, or unmasked for action=notMsk', async () => {
    const login = await loginByPhone(context, '13800138001');
    const { token } = login;
    const masked = await call(
      context,
      api.user.userinfo,
      { query: { _source: 'me', source: '1' } },
      { token },
    );
    expect(masked.datas).toMatchObject({ id: login.user.id, phone: '138****8001', vipType: 0, avatar: '' });
    expect(masked.datas.abTestBatchNo).toMatch(/^\d$/);
    const plain = await call(context, api.user.userinfo, { query: { action: 'notMsk' } }, { token });
    expect(plain.datas.phone).toBe('13800138001');
  });

  it('answers the stored VIP type', async () => {
    const login = await loginByPhone(context, '13800138001');
    const vipType = async () => (await call(context, api.user.vipType, {}, { token: login.token })).datas;
    expect(await vipType()).toEqual({ vipType: 0 });
    await context.database.db
      .updateTable('users')
      .set({ vip_type: 2 })
      .where('id', '=', login.user.id)
      .execute();
    expect(await vipType()).toEqual({ vipType: 2 });
  });

  it.each<Endpoint>([api.user.userinfo, api.user.vipType, api.user.abtestTag])(
    'answers $path without a token with 004',
    async (endpoint) => {
      expect((await callRefused(context, endpoint)).code).toBe('004');
    },
  );

  it('masks phones as 138****8000', () => {
    expect(maskPhone('13800138000')).toBe('138****8000');
  });
});

describe('profile and A/B batch', () => {
  it('edits the nickname', async () => {
    const login = await loginByPhone(context, '13800138001');
    const edited = await call(
      context,
      api.user.editUserInfo,
      { body: { nickname: ' 价值投资者 ' } },
      { token: login.token },
    );
    expect(edited.datas).toMatchObject({ nickname: '价值投资者' });
  });

  // Other users' phones load an avatar: one on a host we do not run, or a path that is not the
  // user's upload, would have them fetch whatever it names (community.test.ts: the upload taken).
  it.each([
    ['on another host', 'https://tracker.example.com/pixel.png'],
    ['a site path that is no upload', '/avatars/1.png'],
  ])('refuses an avatar %s and keeps the old one', async (_case, avatar) => {
    const login = await loginByPhone(context, '13800138001');
    const refusal = await callRefused(
      context,
      api.user.editUserInfo,
      { body: { avatar } },
      { token: login.token },
    );
    expect(refusal.code).toBe('037');
    expect(refusal.message).toContain('图片不存在');
    const { datas: me } = await call(context, api.user.userinfo, {}, { token: login.token });
    expect(me.avatar).not.toBe(avatar);
  });

  it.each([
    ['an empty nickname', { nickname: '  ' }, '昵称不能为空'],
    ['a javascript: avatar', { avatar: 'javascript:alert(1)' }, '头像须为 http(s) 地址或站内路径'],
  ])('refuses %s', async (_case, body, message) => {
    const login = await loginByPhone(context, '13800138001');
    const refusal = await callRefused(context, api.user.editUserInfo, { body }, { token: login.token });
    expect(refusal.status).toBe(400);
    expect(refusal.message).toContain(message);
  });

  it('puts a user in the same A/B batch every time, derived from the id', async () => {
    const login = await loginByPhone(context, '13800138001');
    const tag = async () => (await call(context, api.user.abtestTag, {}, { token: login.token })).datas;
    const first = await tag();
    const second = await tag();
    expect(first).toEqual(second);
    expect(first.abTestBatchNo).toBe(abTestBatchOf({ id: login.user.id, ab_test_batch_no: null }));
    expect(first.tag).toBe(abTestTagOf(first.abTestBatchNo));
    expect(abTestBatchOf({ id: 7, ab_test_batch_no: 'vip-9' })).toBe('vip-9');
  });
});

describe('test token, t_hb and reopen', () => {
  it('signs the seeded demo user in with the zhicai-demo test token', async () => {
    const { code, datas } = await call(context, api.user.checkTestToken, {
      query: { testToken: DEMO_TEST_TOKEN },
    });
    expect(code).toBe('000');
    expect(datas?.user).toMatchObject({ nickname: '知财体验用户', phone: '138****8000' });
    expect((await call(context, api.user.userinfo, {}, { token: datas?.token })).code).toBe('000');
  });

  it('answers null for an unknown test token', async () => {
    expect(await call(context, api.user.checkTestToken, { query: { testToken: 'nope' } })).toMatchObject({
      code: '000',
      message: '成功',
      datas: null,
    });
  });

  it('exchanges a partner token for a token of the same linked user each time', async () => {
    const userIdFor = async () => {
      const exchanged = await call(context, api.user.exchangeHbToken, { query: { token: 'hb_partner-42' } });
      expect(exchanged.code).toBe('000');
      return (await call(context, api.user.userinfo, {}, { token: exchanged.datas.token })).datas.id;
    };
    const first = await userIdFor();
    expect(await userIdFor()).toBe(first);
    const linked = await context.database.db
      .selectFrom('users')
      .select('id')
      .where('partner_user_key', '=', 'partner-42')
      .execute();
    expect(linked).toEqual([{ id: first }]);
  });

  it('refuses a partner token the partner does not know with 037', async () => {
    expect(
      await callRefused(context, api.user.exchangeHbToken, { query: { token: 'forged' } }),
    ).toMatchObject({
      code: '037',
      message: '合作方令牌无效或已过期',
      datas: null,
    });
  });

  // Issue 14 probe: checkTestToken, open/token and the WeChat login each created a session or a
  // user per call, ~800 a second from one client.
  it.each<[string, (remoteAddress: string) => Promise<{ code: string }>]>([
    [
      'the test token',
      (remoteAddress) =>
        callSettled(
          context,
          api.user.checkTestToken,
          { query: { testToken: DEMO_TEST_TOKEN } },
          { remoteAddress },
        ),
    ],
    [
      'the partner token',
      (remoteAddress) =>
        callSettled(
          context,
          api.user.exchangeHbToken,
          { query: { token: 'hb_partner-7' } },
          { remoteAddress },
        ),
    ],
    [
      'a WeChat code',
      (remoteAddress) =>
        callSettled(context, api.user.wechatLogin, { query: { code: 'unknown-code' } }, { remoteAddress }),
    ],
  ])('limits logins by %s per IP, not per account', async (_name, login) => {
    const limit = rateLimitRules.session.perIp.limit;
    const codes = [];
    for (let index = 0; index <= limit; index += 1) codes.push((await login('198.51.100.7')).code);
    expect(codes.slice(0, limit)).not.toContain('-002');
    expect(codes[limit]).toBe('-002');
    const sessions = await context.database.db.selectFrom('sessions').select('id').execute();
    expect(sessions.length).toBeLessThanOrEqual(limit);
    // Another address is not held back by this one.
    expect((await login('198.51.100.8')).code).not.toBe('-002');
  });

  it('tells the app whether its token is still valid', async () => {
    const login = await loginByPhone(context, '13800138001');
    const check = async (token?: string) =>
      (await call(context, api.user.reopenToken, { body: { key: now } }, token ? { token } : {})).datas;
    expect(await check(login.token)).toEqual({ valid: true });
    expect(await check('garbage')).toEqual({ valid: false });
    expect(await check()).toEqual({ valid: false });
    await call(context, api.user.logout, { body: {} }, { token: login.token });
    expect(await check(login.token)).toEqual({ valid: false });
  });
});
