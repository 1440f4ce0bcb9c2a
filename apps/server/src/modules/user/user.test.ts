import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEMO_TEST_TOKEN } from '../../db/seed.ts';
import { rateLimitRules } from '../../http/rate-limits.ts';
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

function get(
  url: string,
  token?: string,
  extra: { remoteAddress?: string; headers?: Record<string, string> } = {},
) {
  return context.app.inject({
    method: 'GET',
    url,
    headers: { ...(token ? { token } : {}), ...extra.headers },
    ...(extra.remoteAddress ? { remoteAddress: extra.remoteAddress } : {}),
  });
}

function post(url: string, payload: object, token?: string) {
  return context.app.inject({ method: 'POST', url, payload, headers: token ? { token } : {} });
}

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
    const body = (await get('/api/v2/user/isCN', undefined, { remoteAddress: ip })).json();
    expect(body.code).toBe('000');
    expect(body.datas).toMatchObject({ ip, isCN, priceDate: '2026-03-02' });
    if (isCN) expect(body.datas).toMatchObject({ msg: '', msgHk: '' });
    else {
      expect(body.datas.msg).toContain('中国大陆');
      expect(body.datas.msgHk).toContain('港股');
    }
  });

  it('ignores X-Forwarded-For unless TRUST_PROXY is on', async () => {
    const headers = { 'x-forwarded-for': '8.8.8.8' };
    const direct = (await get('/api/v2/user/isCN', undefined, { remoteAddress: '10.0.0.2', headers })).json();
    expect(direct.datas).toMatchObject({ ip: '10.0.0.2', isCN: true });
    await context.close();
    context = await createTestApp({ trustProxy: { kind: 'hops', hops: 1 } });
    const proxied = (
      await get('/api/v2/user/isCN', undefined, { remoteAddress: '10.0.0.2', headers })
    ).json();
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
    const masked = (await get('/api/v2/user/userinfo?_source=me&source=1', login.token)).json();
    expect(masked.datas).toMatchObject({ id: login.user.id, phone: '138****8001', vipType: 0, avatar: '' });
    expect(masked.datas.abTestBatchNo).toMatch(/^\d$/);
    const plain = (await get('/api/v2/user/userinfo?action=notMsk', login.token)).json();
    expect(plain.datas.phone).toBe('13800138001');
  });

  it('answers the stored VIP type', async () => {
    const login = await loginByPhone(context, '13800138001');
    expect((await get('/api/v2/user/vipType', login.token)).json().datas).toEqual({ vipType: 0 });
    await context.database.db
      .updateTable('users')
      .set({ vip_type: 2 })
      .where('id', '=', login.user.id)
      .execute();
    expect((await get('/api/v2/user/vipType', login.token)).json().datas).toEqual({ vipType: 2 });
  });

  it.each([
    '/api/v2/user/userinfo',
    '/api/v2/user/vipType',
    '/api/v2/user/abtest/tag',
    '/api/v2/userSwitch/switchList',
  ])('answers %s without a token with 004', async (url) => {
    expect((await get(url)).json().code).toBe('004');
  });

  it('masks phones as 138****8000', () => {
    expect(maskPhone('13800138000')).toBe('138****8000');
  });
});

describe('profile, push settings, switches and A/B batch', () => {
  it('edits the nickname and avatar', async () => {
    const login = await loginByPhone(context, '13800138001');
    const edited = await post(
      '/api/v2/user/editUserInfo',
      { nickname: ' 价值投资者 ', avatar: '/avatars/1.png' },
      login.token,
    );
    expect(edited.json().datas).toMatchObject({ nickname: '价值投资者', avatar: '/avatars/1.png' });
  });

  it.each([
    ['an empty nickname', { nickname: '  ' }, '昵称不能为空'],
    ['a javascript: avatar', { avatar: 'javascript:alert(1)' }, '头像须为 http(s) 地址或站内路径'],
  ])('refuses %s', async (_case, payload, message) => {
    const login = await loginByPhone(context, '13800138001');
    const response = await post('/api/v2/user/editUserInfo', payload, login.token);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toContain(message);
  });

  it('stores a push setting and answers them all', async () => {
    const login = await loginByPhone(context, '13800138001');
    const response = await post('/api/v2/user/pushSet', { key: 'news', enabled: false }, login.token);
    expect(response.json().datas).toEqual({
      priceAlert: true,
      announcement: true,
      news: false,
      strategy: true,
    });
    const again = await post('/api/v2/user/pushSet', { key: 'news', enabled: true }, login.token);
    expect(again.json().datas.news).toBe(true);
  });

  it('lists the switches with defaults and changes one', async () => {
    const login = await loginByPhone(context, '13800138001');
    const list = (await get('/api/v2/userSwitch/switchList', login.token)).json().datas;
    expect(list).toContainEqual({ key: 'personalizedAds', name: '个性化推荐', enabled: false });
    expect(list).toHaveLength(4);
    const edited = await post(
      '/api/v2/userSwitch/edit',
      { key: 'personalizedAds', enabled: true },
      login.token,
    );
    expect(edited.json().datas).toContainEqual({ key: 'personalizedAds', name: '个性化推荐', enabled: true });
  });

  it('puts a user in the same A/B batch every time, derived from the id', async () => {
    const login = await loginByPhone(context, '13800138001');
    const first = (await get('/api/v2/user/abtest/tag', login.token)).json().datas;
    const second = (await get('/api/v2/user/abtest/tag', login.token)).json().datas;
    expect(first).toEqual(second);
    expect(first.abTestBatchNo).toBe(abTestBatchOf({ id: login.user.id, ab_test_batch_no: null }));
    expect(first.tag).toBe(abTestTagOf(first.abTestBatchNo));
    expect(abTestBatchOf({ id: 7, ab_test_batch_no: 'vip-9' })).toBe('vip-9');
  });
});

describe('test token, t_hb and reopen', () => {
  it('signs the seeded demo user in with the zhicai-demo test token', async () => {
    const body = (await get(`/api/v2/config/checkTestToken?testToken=${DEMO_TEST_TOKEN}`)).json();
    expect(body.code).toBe('000');
    expect(body.datas.user).toMatchObject({ nickname: '知财体验用户', phone: '138****8000' });
    expect((await get('/api/v2/user/userinfo', body.datas.token)).json().code).toBe('000');
  });

  it('answers null for an unknown test token', async () => {
    expect((await get('/api/v2/config/checkTestToken?testToken=nope')).json()).toEqual({
      code: '000',
      message: '成功',
      datas: null,
    });
  });

  it('exchanges a partner token for a token of the same linked user each time', async () => {
    const userIdFor = async () => {
      const body = (await get('/api/v2/open/token?token=hb_partner-42')).json();
      expect(body.code).toBe('000');
      return (await get('/api/v2/user/userinfo', body.datas.token)).json().datas.id;
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
    expect((await get('/api/v2/open/token?token=forged')).json()).toEqual({
      code: '037',
      message: '合作方令牌无效或已过期',
      datas: null,
    });
  });

  // Issue 14 probe: checkTestToken, open/token and the WeChat login each created a session or a
  // user per call, ~800 a second from one client.
  it.each([
    ['the test token', `/api/v2/config/checkTestToken?testToken=${DEMO_TEST_TOKEN}`],
    ['the partner token', '/api/v2/open/token?token=hb_partner-7'],
    ['a WeChat code', '/api/v2/wx/rest/outh?code=unknown-code'],
  ])('limits logins by %s per IP, not per account', async (_name, url) => {
    const limit = rateLimitRules.session.perIp.limit;
    const codes = [];
    for (let index = 0; index <= limit; index += 1)
      codes.push((await get(url, undefined, { remoteAddress: '198.51.100.7' })).json().code);
    expect(codes.slice(0, limit)).not.toContain('-002');
    expect(codes[limit]).toBe('-002');
    const sessions = await context.database.db.selectFrom('sessions').select('id').execute();
    expect(sessions.length).toBeLessThanOrEqual(limit);
    // Another address is not held back by this one.
    expect((await get(url, undefined, { remoteAddress: '198.51.100.8' })).json().code).not.toBe('-002');
  });

  it('tells the app whether its token is still valid', async () => {
    const login = await loginByPhone(context, '13800138001');
    const check = (token?: string) => post('/api/v2/ios/reopenToken', { key: now }, token);
    expect((await check(login.token)).json().datas).toEqual({ valid: true });
    expect((await check('garbage')).json().datas).toEqual({ valid: false });
    expect((await check()).json().datas).toEqual({ valid: false });
    await post('/api/v2/user/logout', {}, login.token);
    expect((await check(login.token)).json().datas).toEqual({ valid: false });
  });
});
