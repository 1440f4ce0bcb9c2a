import { api, defineEndpoint, defineGroup } from '@zhicai/contract';
import { zstokv1 } from '@zhicai/domain';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { registerEndpoint } from '../../http/register-endpoint.ts';
import { call } from '../../test/call.ts';
import { listenOnLoopback, rawRequest } from '../../test/raw-request.ts';
import { createTestApp, TEST_API_LOCK_KEY, type TestContext } from '../../test/test-app.ts';

// The check is exercised on test-only routes, one under /v3/ and one beside it. The calls stay raw
// requests: the signature headers, wrong, stale or missing, and the path spellings are the point.
const probeFields = { method: 'GET', auth: 'none', summary: '测试', datas: z.literal('ok') } as const;
const { signedProbe, v2Probe } = defineGroup('test', {
  signedProbe: defineEndpoint({ ...probeFields, path: '/api/v3/test/probe' }),
  v2Probe: defineEndpoint({ ...probeFields, path: '/api/v2/test/probe' }),
});

const NOW = Date.parse('2026-03-02T02:00:00.123Z');
let context: TestContext;
afterEach(async () => {
  await context.close();
});

async function start(apiLock: boolean) {
  context = await createTestApp({ apiLock, clock: () => new Date(NOW) });
  registerEndpoint(context.app, signedProbe, async () => 'ok' as const);
  registerEndpoint(context.app, v2Probe, async () => 'ok' as const);
  const { datas: token } = await call(context, api.config.apiOuth);
  return (ts: number, key = TEST_API_LOCK_KEY) => zstokv1(token, ts, key);
}

async function probe(path: string, headers: Record<string, string>) {
  return context.app.inject({ method: 'GET', url: path, headers });
}

describe('API lock on (the default)', () => {
  it('accepts a /v3/ call signed now', async () => {
    const sign = await start(true);
    const response = await probe('/api/v3/test/probe', { ...sign(NOW) });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ code: '000', message: '成功', datas: 'ok' });
  });

  it.each([
    ['4 minutes 59 seconds old', -299_000],
    ['4 minutes 59 seconds ahead', 299_000],
  ])('accepts a signature %s', async (_case, offset) => {
    const sign = await start(true);
    expect((await probe('/api/v3/test/probe', { ...sign(NOW + offset) })).statusCode).toBe(200);
  });

  it.each([
    ['stale (more than 5 minutes old)', -301_000, '请求已过期'],
    ['from the future (more than 5 minutes ahead)', 301_000, '请求已过期'],
  ])('refuses a signature that is %s with HTTP 403 and code 403', async (_case, offset, message) => {
    const sign = await start(true);
    const response = await probe('/api/v3/test/probe', { ...sign(NOW + offset) });
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('403');
    expect(response.json().message).toContain(message);
  });

  it('refuses a signature made with the wrong key', async () => {
    const sign = await start(true);
    const response = await probe('/api/v3/test/probe', { ...sign(NOW, 'another-16b-key!') });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      code: '403',
      message: '请求签名校验失败，请刷新页面后重试',
      datas: null,
    });
  });

  it('refuses a signature for another time than the timeStamp header says', async () => {
    const sign = await start(true);
    const response = await probe('/api/v3/test/probe', {
      timeStamp: String(NOW),
      zstokv1: sign(NOW - 1).zstokv1,
    });
    expect(response.statusCode).toBe(403);
  });

  it.each([
    ['both headers missing', {}],
    ['zstokv1 missing', { timeStamp: String(NOW) }],
    ['timeStamp missing', { zstokv1: 'a'.repeat(32) }],
  ])('refuses a /v3/ call with %s', async (_case, headers) => {
    await start(true);
    const response = await probe('/api/v3/test/probe', headers);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ code: '403', message: '缺少请求签名，请刷新页面后重试', datas: null });
  });

  it('refuses a timeStamp that is not 13 digits', async () => {
    await start(true);
    const response = await probe('/api/v3/test/probe', { timeStamp: '1e12', zstokv1: 'a'.repeat(32) });
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe('请求签名时间格式有误');
  });

  it('ignores signatures, good or bad, on v2 paths', async () => {
    await start(true);
    expect((await probe('/api/v2/test/probe', {})).statusCode).toBe(200);
    const bad = await probe('/api/v2/test/probe', { timeStamp: '1', zstokv1: 'nonsense' });
    expect(bad.statusCode).toBe(200);
  });
});

describe('API lock off', () => {
  it.each([
    ['no signature', {}],
    ['a wrong signature', { timeStamp: String(NOW), zstokv1: 'a'.repeat(32) }],
    ['a stale signature', { timeStamp: String(NOW - 3_600_000), zstokv1: 'a'.repeat(32) }],
  ])('accepts a /v3/ call with %s', async (_case, headers) => {
    await start(false);
    const response = await probe('/api/v3/test/probe', headers);
    expect(response.statusCode).toBe(200);
    expect(response.json().datas).toBe('ok');
  });
});

describe('API lock on the path the router serves', () => {
  // Each spelling must not reach the /v3/ handler without a signature: it is refused with 403 when
  // the router would serve it, or answered 404/400 when it serves nothing.
  it.each([
    ['a percent-encoded version digit', '/api/v%33/test/probe'],
    ['a percent-encoded letter', '/api/%76%33/test/probe'],
    ['lower-case percent-encoding', '/api/v%33/t%65st/probe'],
    ['an encoded slash', '/api/v3%2Ftest/probe'],
    ['a doubled slash', '/api//v3/test/probe'],
    ['a doubled slash after the version', '/api/v3//test/probe'],
    ['a dot segment', '/api/./v3/test/probe'],
    ['a dot-dot segment', '/api/v2/../v3/test/probe'],
    ['an encoded dot segment', '/api/%2e/v3/test/probe'],
    ['an upper-case version', '/api/V3/test/probe'],
    ['an upper-case path', '/API/V3/TEST/PROBE'],
    ['a trailing slash', '/api/v3/test/probe/'],
    ['a semicolon parameter', '/api/v3;x=1/test/probe'],
  ])('refuses %s without a signature', async (_case, path) => {
    await start(true);
    // Sent as raw bytes: inject would resolve dot segments before the server saw them.
    const response = await rawRequest(await listenOnLoopback(context.app), `${path}?code=600519.SH`);
    expect(response.status, response.body).not.toBe(200);
    expect(JSON.parse(response.body).datas).not.toBe('ok');
  });

  it('refuses /api/v%33/details/stockBaseInfo without a signature, like /api/v3/', async () => {
    await start(true);
    for (const path of ['/api/v3/details/stockBaseInfo', '/api/v%33/details/stockBaseInfo']) {
      const response = await probe(`${path}?code=600519.SH`, {});
      expect(response.statusCode, path).toBe(403);
      expect(response.json()).toEqual({
        code: '403',
        message: '缺少请求签名，请刷新页面后重试',
        datas: null,
      });
    }
  });

  it('still serves a percent-encoded /v3/ path when it is signed', async () => {
    const sign = await start(true);
    const response = await probe('/api/v%33/test/probe', { ...sign(NOW) });
    expect(response.statusCode).toBe(200);
    expect(response.json().datas).toBe('ok');
  });
});
