import { api } from '@zhicai/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { call, callRefused, callSettled } from '../../test/call.ts';
import { loginByPhone } from '../../test/login.ts';
import { createTestApp, TEST_JWT_SECRET, type TestContext } from '../../test/test-app.ts';
import { SESSION_LIFETIME_MS } from './sessions.ts';
import { createTokenSigner } from './tokens.ts';

// The session-invalid codes of spec 1 §8, as contract user.ts defines them on our server.
let context: TestContext;
let now: number;
beforeEach(async () => {
  now = Date.parse('2026-03-02T02:00:00Z');
  context = await createTestApp({ clock: () => new Date(now) });
});
afterEach(async () => {
  await context.close();
});

async function userinfo(token: string | undefined) {
  const answer = await callSettled(context, api.user.userinfo, {}, token === undefined ? {} : { token });
  // The client reads the code, so every session answer is HTTP 200 (spec 1 §8).
  expect(answer.status).toBe(200);
  return answer;
}

describe('session-invalid codes', () => {
  it('answers a signed-in call with the user', async () => {
    const login = await loginByPhone(context, '13900001111');
    expect(await userinfo(login.token)).toMatchObject({
      ok: true,
      code: '000',
      datas: { id: login.user.id },
    });
  });

  it.each([
    ['no token header', undefined],
    ['an empty token', ''],
  ])('answers 004 for %s on a call that needs login', async (_case, token) => {
    expect(await userinfo(token)).toMatchObject({
      code: '004',
      message: '登录已失效，请重新登录',
      datas: null,
    });
  });

  it.each([
    ['a malformed token', () => 'garbage'],
    ['a token signed with another secret', () => createTokenSigner('x'.repeat(40)).sign(claims('1'))],
    [
      'a well-signed token for an unknown session',
      () => createTokenSigner(TEST_JWT_SECRET).sign(claims('1')),
    ],
  ])('answers 015 for %s', async (_case, token) => {
    expect((await userinfo(token())).code).toBe('015');
  });

  it('answers 015 when the token names another user than its session', async () => {
    const login = await loginByPhone(context, '13900001111');
    const [, payload = ''] = login.token.split('.');
    const decoded = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const forged = createTokenSigner(TEST_JWT_SECRET).sign({ ...decoded, sub: String(decoded.sub + 100) });
    expect((await userinfo(forged)).code).toBe('015');
  });

  it('keeps a second login on the same device kind beside the first (issue 16 item 6)', async () => {
    const phone = await loginByPhone(context, '13900001111', { requestFrom: 'android' });
    now += 61_000;
    const secondPhone = await loginByPhone(context, '13900001111', { requestFrom: 'android' });
    expect((await userinfo(phone.token)).code).toBe('000');
    expect((await userinfo(secondPhone.token)).code).toBe('000');
  });

  it('keeps five sessions side by side and answers 016 to the oldest after a sixth login', async () => {
    const devices = ['android', 'android', 'wechat', 'other', 'ios', 'android'];
    const logins = [];
    for (const requestFrom of devices) {
      logins.push(await loginByPhone(context, '13900001111', { requestFrom }));
      now += 61_000;
    }
    expect(await userinfo(logins[0]?.token)).toMatchObject({
      code: '016',
      message: '账号已在其他设备登录，请重新登录',
      datas: null,
    });
    for (const login of logins.slice(1)) expect((await userinfo(login.token)).code).toBe('000');
  });

  it('refuses a token in use at once when a sixth login ends its session', async () => {
    const first = await loginByPhone(context, '13900001111', { requestFrom: 'android' });
    // The token is checked, and so trusted, before its session is ended.
    expect((await userinfo(first.token)).code).toBe('000');
    for (const requestFrom of ['wechat', 'other', 'ios', 'android', 'ios-ipad']) {
      now += 61_000;
      await loginByPhone(context, '13900001111', { requestFrom });
    }
    expect((await userinfo(first.token)).code).toBe('016');
  });

  it('refuses a token in use at once after its sign-out, and keeps the other devices signed in', async () => {
    const phone = await loginByPhone(context, '13900001111', { requestFrom: 'android' });
    now += 61_000;
    const desktop = await loginByPhone(context, '13900001111', { requestFrom: 'other' });
    expect((await userinfo(phone.token)).code).toBe('000');
    expect((await userinfo(desktop.token)).code).toBe('000');
    await call(context, api.user.logout, { body: {} }, { token: phone.token });
    expect((await userinfo(phone.token)).code).toBe('036');
    expect((await userinfo(desktop.token)).code).toBe('000');
  });

  it('answers 033 once the token has outlived its 180 days', async () => {
    const login = await loginByPhone(context, '13900001111');
    now += SESSION_LIFETIME_MS - 1000;
    expect((await userinfo(login.token)).code).toBe('000');
    now += 1000;
    expect(await userinfo(login.token)).toMatchObject({
      code: '033',
      message: '登录已过期，请重新登录',
      datas: null,
    });
  });

  it('answers 036 after logout', async () => {
    const login = await loginByPhone(context, '13900001111');
    const logout = await call(context, api.user.logout, { body: {} }, { token: login.token });
    expect(logout).toMatchObject({ code: '000', message: '成功', datas: null });
    expect(await userinfo(login.token)).toMatchObject({
      code: '036',
      message: '账号状态异常，请重新登录',
      datas: null,
    });
    const again = await callRefused(context, api.user.logout, { body: {} }, { token: login.token });
    expect(again).toMatchObject({ status: 200, code: '036' });
  });

  it('answers 036 when the account has been disabled, and ends the session', async () => {
    const login = await loginByPhone(context, '13900001111');
    await context.database.db
      .updateTable('users')
      .set({ disabled: 1 })
      .where('id', '=', login.user.id)
      .execute();
    expect((await userinfo(login.token)).code).toBe('036');
    const session = await context.database.db
      .selectFrom('sessions')
      .select('end_reason')
      .where('user_id', '=', login.user.id)
      .executeTakeFirstOrThrow();
    expect(session.end_reason).toBe('disabled');
  });
});

function claims(sub: string) {
  const iat = Math.floor(now / 1000);
  return { jti: '00000000-0000-4000-8000-000000000000', sub, iat, exp: iat + 3600 };
}
