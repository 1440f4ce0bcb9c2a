import { tParam, zstokv1 } from '@zhicai/domain';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  buildRequest,
  cacheBustParam,
  courseHeader,
  type RequestContext,
  requestHeaders,
  userInfoExtras,
} from './request-rules.ts';

const now = 1790155864346;
const apiLock = 'abcdefgh'.repeat(10);
const apiLockKey = 'abcdefghijklmnop';
const signature = zstokv1(apiLock, now, apiLockKey);
const timeParam = tParam(now);
const context: RequestContext = {
  token: 'jwt-token',
  requestFrom: 'ios',
  isSubject: false,
  signature: null,
  timeParam: null,
  now,
  page: { pathname: '/', search: '' },
};

const get = (path: string, name = 'probe') => ({ method: 'GET' as const, path, group: 'user', name });
const post = (path: string, name = 'probe') => ({ method: 'POST' as const, path, group: 'user', name });
const searchOf = (url: string) => new URL(url, 'http://localhost').searchParams;

describe('request rules (spec 1 §7)', () => {
  it('GET sends the payload as a query string, with the cache-busting _t last', () => {
    const built = buildRequest(
      get('/api/v2/activity/popup'),
      { page: '/fundHome', list: [1, 2], none: null },
      context,
    );
    expect(built.method).toBe('GET');
    expect(built.body).toBeUndefined();
    expect(built.url).toBe(`/api/v2/activity/popup?page=%2FfundHome&list=1%2C2&${cacheBustParam}=${now}`);
  });

  it('POST sends the payload as a JSON body', () => {
    const built = buildRequest(
      post('/api/v2/user/bindPhone'),
      { phone: '13800138000', code: '123456' },
      context,
    );
    expect(built.url).toBe('/api/v2/user/bindPhone');
    expect(JSON.parse(String(built.body))).toEqual({ phone: '13800138000', code: '123456' });
  });

  it('POST sends the fields its contract declares as query in the URL and the rest as the body', () => {
    const built = buildRequest(
      { ...post('/api/v2/pricePush/batchAdd'), query: z.object({ code: z.string() }) },
      { code: '600519.SH', alerts: [{ kind: 'priceAbove', value: 1500 }] },
      context,
    );
    expect(built.url).toBe('/api/v2/pricePush/batchAdd?code=600519.SH');
    expect(JSON.parse(String(built.body))).toEqual({ alerts: [{ kind: 'priceAbove', value: 1500 }] });
  });

  it('POST with a raw body (multipart) sends it as is, with only token, requestFrom and Expires', () => {
    const form = new FormData();
    form.append('file', new Blob(['x']), 'a.png');
    const built = buildRequest(post('/api/v2/user/upload'), undefined, context, form);
    expect(built.body).toBe(form);
    expect(built.headers).toEqual({ token: 'jwt-token', requestFrom: 'ios', Expires: '-1' });
  });

  it('sends token, requestFrom, the JSON content type and Expires -1', () => {
    expect(requestHeaders('/api/v2/config/getAppMenus', context, false)).toEqual({
      token: 'jwt-token',
      requestFrom: 'ios',
      'Content-Type': 'application/json',
      Expires: '-1',
    });
  });

  it('sends an empty token header when signed out', () => {
    expect(requestHeaders('/api/v2/x', { ...context, token: null }, false).token).toBe('');
  });

  it('adds the course soft-token header when isSubject is set', () => {
    const headers = requestHeaders('/api/v2/x', { ...context, isSubject: true }, false);
    expect(headers[courseHeader.name]).toBe('COURSE');
    expect(courseHeader).toEqual({ name: 'softToken', value: 'COURSE' });
    expect(requestHeaders('/api/v2/x', context, false)).not.toHaveProperty('softToken');
    expect(requestHeaders('/api/v2/x', { ...context, isSubject: true }, true).softToken).toBe('COURSE');
  });

  it('puts the time parameter t into the payload of /api/v4/ paths (query for GET, body for POST)', () => {
    const timed = { ...context, timeParam };
    expect(searchOf(buildRequest(get('/api/v4/dayKV2/600519SH'), undefined, timed).url).get('t')).toBe(
      '17901455864346',
    );
    const body = JSON.parse(String(buildRequest(post('/api/v4/etf/x'), { a: 1 }, timed).body));
    expect(body).toEqual({ a: 1, t: '17901455864346' });
    expect(searchOf(buildRequest(get('/api/v2/config/get'), undefined, timed).url).has('t')).toBe(false);
  });

  it('signs /v3/ paths with timeStamp and zstokv1 when APILOCK is on', () => {
    const headers = requestHeaders('/api/v3/details/pepb', { ...context, signature }, false);
    expect(headers).toMatchObject(signature);
    expect(headers.timeStamp).toBe(String(now));
    expect(headers.zstokv1).toMatch(/^[0-9a-f]{32}$/);
  });

  it('sends the /v3/ signature headers empty while APILOCK is off, and none on other paths', () => {
    expect(requestHeaders('/api/v3/details/pepb', context, false)).toMatchObject({
      timeStamp: '',
      zstokv1: '',
    });
    const v2 = requestHeaders('/api/v2/config/get', { ...context, signature }, false);
    expect(v2).not.toHaveProperty('timeStamp');
    expect(v2).not.toHaveProperty('zstokv1');
  });

  it('user info: forwards _source from the page query and adds source=1 (GET: in the query)', () => {
    const page = { pathname: '/me', search: '?_source=banner&x=1' };
    const query = searchOf(
      buildRequest(get('/api/v2/user/userinfo', 'userinfo'), undefined, { ...context, page }).url,
    );
    expect(query.get('_source')).toBe('banner');
    expect(query.get('source')).toBe('1');
    expect(query.has('action')).toBe(false);
  });

  it('user info: adds action=notMsk on the integralNewUser page', () => {
    expect(userInfoExtras({ pathname: '/integralNewUser', search: '' })).toEqual({
      source: '1',
      action: 'notMsk',
    });
    expect(userInfoExtras({ pathname: '/me', search: '' })).toEqual({ source: '1' });
  });

  it('user info: appends the extras to the URL for POST', () => {
    const page = { pathname: '/integralNewUser', search: '?_source=push' };
    const built = buildRequest(post('/api/v2/user/userinfo', 'userinfo'), { a: 1 }, { ...context, page });
    expect(built.url).toBe('/api/v2/user/userinfo?_source=push&source=1&action=notMsk');
    expect(JSON.parse(String(built.body))).toEqual({ a: 1 });
  });

  it('leaves the user-info extras off other paths', () => {
    const page = { pathname: '/integralNewUser', search: '?_source=push' };
    const query = searchOf(
      buildRequest(get('/api/v2/user/vipType', 'vipType'), undefined, { ...context, page }).url,
    );
    expect(query.has('_source')).toBe(false);
    expect(query.has('source')).toBe(false);
  });
});
