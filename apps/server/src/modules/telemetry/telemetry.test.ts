import { api, type BodyOf } from '@zhicai/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type RateLimitRules, rateLimitRules } from '../../http/rate-limits.ts';
import { type CallOptions, call, callRefused, callSettled } from '../../test/call.ts';
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

const report: BodyOf<typeof api.telemetry.errorReport> = {
  device: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) MicroMessenger/8.0.40',
  service: 'web',
  container: 'wechat',
  env: 'production',
  pathName: '/stock',
  isWhite: true,
  errorMsg: "TypeError: Cannot read properties of undefined (reading 'price')",
};

const event: BodyOf<typeof api.telemetry.event> = {
  event_name: '页面访问',
  event_ext1: '/stock',
  container: 'app',
  env: 'production',
  appVersion: '2022102000',
};

/** A page view, which may be refused once a limit is reached. */
function pageView(path: string, options: CallOptions = {}) {
  return callSettled(context, api.telemetry.pageView, { query: { path } }, options);
}

describe('telemetry', () => {
  it('records a page view for a visitor and for a signed-in user', async () => {
    const login = await loginByPhone(context, '13800138001');
    const visitor = await call(context, api.telemetry.pageView, {
      query: { path: '/stock', query: 'stockCode=600519.SH' },
    });
    expect(visitor).toMatchObject({ code: '000', message: '成功', datas: null });
    await call(
      context,
      api.telemetry.pageView,
      { query: { path: '/me' } },
      { token: login.token, headers: { requestfrom: 'android' } },
    );
    const rows = await context.database.db.selectFrom('page_views').selectAll().orderBy('id').execute();
    expect(rows.map((row) => [row.path, row.query, row.user_id, row.device_kind])).toEqual([
      ['/stock', 'stockCode=600519.SH', null, 'other'],
      ['/me', '', login.user.id, 'android'],
    ]);
  });

  it('stores a client error report', async () => {
    expect((await call(context, api.telemetry.errorReport, { body: report })).code).toBe('000');
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
    const refusal = await callRefused(context, api.telemetry.errorReport, {
      body: { ...report, container: 'desktop' },
    });
    expect(refusal).toMatchObject({ status: 400, code: '400' });
    expect(await context.database.db.selectFrom('error_reports').selectAll().execute()).toEqual([]);
  });

  it('stores an event from a signed-in user', async () => {
    const login = await loginByPhone(context, '13800138001');
    expect((await call(context, api.telemetry.event, { body: event }, { token: login.token })).code).toBe(
      '000',
    );
    const stored = await context.database.db.selectFrom('events').selectAll().executeTakeFirstOrThrow();
    expect(stored).toMatchObject({
      user_id: login.user.id,
      event_name: '页面访问',
      app_version: '2022102000',
    });
    expect(JSON.parse(stored.ext_json)).toEqual(['/stock', null, null, null, null]);
  });

  it('answers an event without a token with 004 and keeps nothing', async () => {
    expect((await callRefused(context, api.telemetry.event, { body: event })).code).toBe('004');
    expect(await context.database.db.selectFrom('events').selectAll().execute()).toEqual([]);
  });

  it('refuses page views and error reports over the per-minute limit with -002, keeping only the allowed ones', async () => {
    const viewLimit = testRules.pageView.perIp.limit;
    const pageViews = [];
    for (let index = 0; index <= viewLimit; index += 1) pageViews.push(await pageView(`/p${index}`));
    expect(pageViews.slice(0, viewLimit).every((answer) => answer.code === '000')).toBe(true);
    expect(pageViews[viewLimit]).toMatchObject({ code: '-002', message: '访问过于频繁，请稍后再试' });
    expect(await context.database.db.selectFrom('page_views').select('id').execute()).toHaveLength(viewLimit);

    const reportLimit = testRules.errorReport.perIp.limit;
    const reports = [];
    for (let index = 0; index <= reportLimit; index += 1)
      reports.push(await callSettled(context, api.telemetry.errorReport, { body: report }));
    expect(reports.slice(0, reportLimit).every((answer) => answer.code === '000')).toBe(true);
    expect(reports[reportLimit]?.code).toBe('-002');
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
      codes.push((await pageView(`/u${index}`, { token })).code);
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
      const answer = await pageView(`/m${index}`, { token, remoteAddress: '203.0.113.9' });
      if (answer.code === '000') accepted += 1;
    }
    expect(accepted).toBe(ipLimit);
  });
});
