import { api } from '@zhicai/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../test/call.ts';
import { loginByPhone } from '../test/login.ts';
import { createTestApp, type TestContext } from '../test/test-app.ts';

/**
 * Text with U+0000 is refused with 400 before any handler stores it: PostgreSQL cannot hold it and
 * answered 5xx (the contract fuzz found `pv/save?query=%00` on PostgreSQL).
 */
let context: TestContext;
let token: string;
beforeAll(async () => {
  context = await createTestApp();
  token = (await loginByPhone(context, '13800138000')).token;
});
afterAll(async () => {
  await context.close();
});

describe('U+0000 in request text', () => {
  it.each([
    ['a page view query', 'GET', '/api/v2/pv/save?path=%2Fstock&query=%00', undefined],
    ['a page view path', 'GET', '/api/v2/pv/save?path=%2Fst%00ock', undefined],
    [
      'an event field',
      'POST',
      '/api/v2/system/event',
      { event_name: 'a\u0000b', container: 'app', env: 'production' },
    ],
    ['a nested body key', 'POST', '/api/v2/user/editUserInfo', { nickname: '知财', 'x\u0000': 1 }],
    ['a nickname', 'POST', '/api/v2/user/editUserInfo', { nickname: '知\u0000财' }],
  ])('refuses %s with 400 and stores nothing', async (_case, method, url, payload) => {
    // Raw: the NUL is written into the URL and body as a hostile client would send it.
    const response = await context.app.inject({
      method: method as 'GET' | 'POST',
      url,
      headers: { token },
      ...(payload ? { payload } : {}),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: '400', message: '请求参数含有不允许的字符', datas: null });
    const db = context.database.db;
    expect(await db.selectFrom('page_views').select('id').execute()).toEqual([]);
    expect(await db.selectFrom('events').select('id').execute()).toEqual([]);
  });

  it('still takes ordinary text', async () => {
    const query = { path: '/stock', query: 'stockCode=600519.SH' };
    expect((await call(context, api.telemetry.pageView, { query }, { token })).code).toBe('000');
  });
});
