import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type RateLimitRules, rateLimitRules } from '../../http/rate-limits.ts';
import { loginByPhone } from '../../test/login.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';

// The production numbers with small limits, so a test reaches them in a few dozen calls.
const testRules: RateLimitRules = {
  ...rateLimitRules,
  pageView: {
    perIp: { ...rateLimitRules.pageView.perIp, limit: 24 },
    perUser: { ...rateLimitRules.pageView.perIp, limit: 12 },
  },
  errorReport: {
    perIp: { ...rateLimitRules.errorReport.perIp, limit: 10 },
    perUser: { ...rateLimitRules.errorReport.perIp, limit: 5 },
  },
};

let context: TestContext;
beforeEach(async () => {
  context = await createTestApp({ rateLimitRules: testRules });
});
afterEach(async () => {
  await context.close();
});

const report = {
  device: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) MicroMessenger/8.0.40',
  service: 'web',
  container: 'wechat',
  env: 'production',
  pathName: '/stock',
  isWhite: true,
  errorMsg: "TypeError: Cannot read properties of undefined (reading 'price')",
};

const event = {
  event_name: '页面访问',
  event_ext1: '/stock',
  container: 'app',
  env: 'production',
  appVersion: '2022102000',
};

describe('telemetry', () => {
  it('records a page view for a visitor and for a signed-in user', async () => {
    const login = await loginByPhone(context, '13800138001');
    const visitor = await context.app.inject({
      method: 'GET',
      url: '/api/v2/pv/save?path=/stock&query=stockCode%3D600519.SH',
    });
    expect(visitor.json()).toEqual({ code: '000', message: '成功', datas: null });
    await context.app.inject({
      method: 'GET',
      url: '/api/v2/pv/save?path=/me',
      headers: { token: login.token, requestfrom: 'android' },
    });
    const rows = await context.database.db.selectFrom('page_views').selectAll().orderBy('id').execute();
    expect(rows.map((row) => [row.path, row.query, row.user_id, row.device_kind])).toEqual([
      ['/stock', 'stockCode=600519.SH', null, 'other'],
      ['/me', '', login.user.id, 'android'],
    ]);
  });

  it('stores a client error report', async () => {
    const response = await context.app.inject({
      method: 'POST',
      url: '/api/v2/system/errorReport',
      payload: report,
    });
    expect(response.json().code).toBe('000');
    const stored = await context.database.db
      .selectFrom('error_reports')
      .selectAll()
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({
      container: 'wechat',
      is_white: 1,
      path_name: '/stock',
      error_msg: report.errorMsg,
    });
  });

  it('refuses an error report from an unknown container', async () => {
    const response = await context.app.inject({
      method: 'POST',
      url: '/api/v2/system/errorReport',
      payload: { ...report, container: 'desktop' },
    });
    expect(response.statusCode).toBe(400);
  });

  it('stores an event from a signed-in user', async () => {
    const login = await loginByPhone(context, '13800138001');
    const response = await context.app.inject({
      method: 'POST',
      url: '/api/v2/system/event',
      payload: event,
      headers: { token: login.token },
    });
    expect(response.json().code).toBe('000');
    const stored = await context.database.db.selectFrom('events').selectAll().executeTakeFirstOrThrow();
    expect(stored).toMatchObject({
      user_id: login.user.id,
      event_name: '页面访问',
      app_version: '2022102000',
    });
    expect(JSON.parse(stored.ext_json)).toEqual(['/stock', null, null, null, null]);
  });

  it('answers an event without a token with 004 and keeps nothing', async () => {
    const response = await context.app.inject({
      method: 'POST',
      url: '/api/v2/system/event',
      payload: event,
    });
    expect(response.json().code).toBe('004');
    expect(await context.database.db.selectFrom('events').selectAll().execute()).toEqual([]);
  });

  it('refuses page views and error reports over the per-minute limit with -002, keeping only the allowed ones', async () => {
    const viewLimit = testRules.pageView.perIp.limit;
    const pageViews = [];
    for (let index = 0; index <= viewLimit; index += 1)
      pageViews.push(await context.app.inject({ method: 'GET', url: `/api/v2/pv/save?path=/p${index}` }));
    expect(pageViews.slice(0, viewLimit).every((response) => response.json().code === '000')).toBe(true);
    expect(pageViews[viewLimit]?.json()).toMatchObject({ code: '-002', message: '访问过于频繁，请稍后再试' });
    expect(await context.database.db.selectFrom('page_views').select('id').execute()).toHaveLength(viewLimit);

    const reportLimit = testRules.errorReport.perIp.limit;
    const reports = [];
    for (let index = 0; index <= reportLimit; index += 1)
      reports.push(
        await context.app.inject({ method: 'POST', url: '/api/v2/system/errorReport', payload: report }),
      );
    expect(reports.slice(0, reportLimit).every((response) => response.json().code === '000')).toBe(true);
    expect(reports[reportLimit]?.json().code).toBe('-002');
    expect(await context.database.db.selectFrom('error_reports').select('id').execute()).toHaveLength(
      reportLimit,
    );
  });

  it('limits one signed-in user below what their IP may send', async () => {
    const { token } = await loginByPhone(context, '13800138002');
    const userLimit = testRules.pageView.perUser?.limit ?? 0;
    expect(userLimit).toBeLessThan(testRules.pageView.perIp.limit);
    const codes = [];
    for (let index = 0; index <= userLimit; index += 1)
      codes.push(
        (
          await context.app.inject({
            method: 'GET',
            url: `/api/v2/pv/save?path=/u${index}`,
            headers: { token },
          })
        ).json().code,
      );
    expect(codes.slice(0, userLimit).every((code) => code === '000')).toBe(true);
    expect(codes[userLimit]).toBe('-002');
  });

  // Issue 14 probe: 10 throw-away users from one IP sent 3,000 max-size page views in 2 s, the
  // per-user limit multiplied by the users.
  it('does not multiply the limit by users minted from one IP', async () => {
    const tokens = [];
    for (let index = 0; index < 4; index += 1)
      tokens.push(
        (await loginByPhone(context, `1380013810${index}`, { remoteAddress: `10.9.0.${index}` })).token,
      );
    const ipLimit = testRules.pageView.perIp.limit;
    let accepted = 0;
    for (let index = 0; index < ipLimit + 40; index += 1) {
      const token = tokens[index % tokens.length] ?? '';
      const answer = await context.app.inject({
        method: 'GET',
        url: `/api/v2/pv/save?path=/m${index}`,
        headers: { token },
        remoteAddress: '203.0.113.9',
      });
      if (answer.json().code === '000') accepted += 1;
    }
    expect(accepted).toBe(ipLimit);
  });
});
