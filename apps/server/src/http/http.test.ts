import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { allEndpoints, anyEnvelope, defineEndpoint, defineGroup } from '@zhicai/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { call, callRefused } from '../test/call.ts';
import { createTestApp, TEST_API_LOCK_KEY, type TestContext } from '../test/test-app.ts';
import { registerEndpoint } from './register-endpoint.ts';

// A POST endpoint defined like a contract one, to exercise body validation before any real POST
// endpoint exists.
const { echo } = defineGroup('test', {
  echo: defineEndpoint({
    method: 'POST',
    path: '/api/test/echo',
    auth: 'none',
    summary: '测试',
    body: z.object({ name: z.string().max(8), count: z.number().int() }),
    datas: z.object({ name: z.string(), count: z.number() }),
  }),
});

describe('envelope and errors', () => {
  let context: TestContext;
  beforeAll(async () => {
    context = await createTestApp();
    registerEndpoint(context.app, echo, async ({ body }) => body);
    context.app.get('/api/test/crash', async () => {
      throw new Error('secret stack detail');
    });
  });
  afterAll(async () => {
    await context.close();
  });

  it('answers a valid POST body inside the envelope', async () => {
    const answer = await call(context, echo, { body: { name: '茅台', count: 2 } });
    expect(answer).toMatchObject({ status: 200, code: '000', message: '成功' });
    expect(answer.datas).toEqual({ name: '茅台', count: 2 });
  });

  it.each([
    ['a wrong type', { name: '茅台', count: 'two' }, '请求体 count 无效'],
    ['a missing field', { count: 1 }, '请求体 name 无效'],
    ['a string that is too long', { name: 'x'.repeat(100), count: 1 }, '请求体 name 无效'],
  ])('refuses %s with code 400 naming the field', async (_case, body, message) => {
    const refusal = await callRefused(context, echo, { body });
    expect(refusal).toMatchObject({ status: 400, code: '400', datas: null });
    expect(refusal.message).toContain(message);
  });

  // From here on the requests stay raw: a malformed body, a content type, a size or a route outside
  // the contract is what each test sends.
  it('refuses malformed JSON with a Chinese message', async () => {
    const response = await context.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"name": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: '400', message: '请求体不是合法的 JSON', datas: null });
  });

  it('refuses a __proto__ key in JSON', async () => {
    const response = await context.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"name":"a","count":1,"__proto__":{"admin":true}}',
    });
    expect(response.statusCode).toBe(400);
    expect(anyEnvelope.parse(response.json()).code).toBe('400');
  });

  it('refuses an unsupported content type with 415', async () => {
    const response = await context.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/x-unknown' },
      payload: 'name=a',
    });
    expect(response.json().code).toBe('415');
  });

  it('refuses a body over 1 MiB with 413', async () => {
    const response = await context.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      payload: { name: 'a', count: 1, padding: 'x'.repeat(1024 * 1024 + 10) },
    });
    expect(response.statusCode).toBe(413);
    expect(response.json().code).toBe('413');
  });

  it('answers an unexpected error with code 999 and no stack trace', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/api/test/crash' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ code: '999', message: '系统繁忙，请稍后再试', datas: null });
    expect(response.body).not.toContain('secret stack detail');
  });

  it('answers an unknown API path with 404 and a known path with the wrong method with 405', async () => {
    const unknown = await context.app.inject({ method: 'GET', url: '/api/v2/nothing/here' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: '404', datas: null });
    const wrongMethod = await context.app.inject({ method: 'DELETE', url: '/api/v2/config/getAppMenus' });
    expect(wrongMethod.statusCode).toBe(405);
    expect(wrongMethod.json().code).toBe('405');
  });

  it('reports health with the database kind', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/healthz' });
    expect(response.json()).toEqual({
      code: '000',
      message: '成功',
      datas: { status: 'ok', database: process.env.TEST_DATABASE_URL ? 'postgres' : 'sqlite' },
    });
  });

  it('publishes an OpenAPI document that lists every contract endpoint', async () => {
    const document = (await context.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(document.openapi).toMatch(/^3\./);
    for (const endpoint of allEndpoints) {
      // OpenAPI writes path parameters as {code} where Fastify routes say :code.
      const openApiPath = endpoint.path.replace(/:([A-Za-z]+)/g, '{$1}');
      expect(document.paths[openApiPath]?.[endpoint.method.toLowerCase()], endpoint.path).toBeDefined();
    }
    expect(document.paths['/healthz']).toBeUndefined();
  });
});

describe('serving the web app', () => {
  let context: TestContext;
  let webDist: string;
  const bigScript = `console.log(${JSON.stringify('知财'.repeat(4000))});`;

  beforeAll(async () => {
    webDist = mkdtempSync(path.join(tmpdir(), 'zhicai-web-'));
    mkdirSync(path.join(webDist, 'assets'));
    writeFileSync(
      path.join(webDist, 'index.html'),
      '<!doctype html><html><head><!--zhicai-runtime--></head><body><div id="root"></div></body></html>',
    );
    writeFileSync(path.join(webDist, 'assets', 'index-abc123.js'), bigScript);
    writeFileSync(path.join(webDist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    context = await createTestApp({ webDist });
  });
  afterAll(async () => {
    await context.close();
    rmSync(webDist, { recursive: true, force: true });
  });
  let address: string | undefined;
  async function listening(): Promise<string> {
    address ??= await context.app.listen({ port: 0, host: '127.0.0.1' });
    return address;
  }

  it.each(['/', '/me', '/stock', '/financialReportPreview/600519_SH/20240630', '/no/such/page'])(
    'answers the page %s with index.html carrying the runtime configuration',
    async (url) => {
      const response = await context.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toContain(
        `<script>window.__ZHICAI_RUNTIME__={"apiLockKey":"${TEST_API_LOCK_KEY}","brandMode":"zhicai","quoteSocketUrls":["/ws?node=1","/ws?node=2","/ws?node=3","/ws?node=4","/ws?node=5"],"wechatAppId":"wx0000local0zhicai","wechatAuthorizeUrl":"/dev/wechat/authorize","marketDataSource":"demo"}</script>`,
      );
      expect(response.body).not.toContain('<!--zhicai-runtime-->');
    },
  );

  it('serves hashed assets with a year-long immutable cache and gzip', async () => {
    const response = await context.app.inject({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.rawPayload.length).toBeLessThan(Buffer.byteLength(bigScript) / 10);
  });

  it('serves other files without long caching', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  // Fastify's HEAD twin of each GET route is off (head-requests.ts): a HEAD is routed as its GET.
  it.each([
    ['an API read', '/healthz'],
    ['a page', '/me'],
    ['a hashed asset', '/assets/index-abc123.js'],
    ['a missing asset', '/assets/missing-123.js'],
    ['an unknown API path', '/api/v2/no/such/call'],
    ['a POST-only API path', allEndpoints.find((endpoint) => endpoint.method === 'POST')?.path ?? ''],
  ])('answers HEAD of %s with the GET’s status and headers and no body', async (_what, url) => {
    const address = await listening();
    const get = await rawExchange(address, 'GET', url);
    const head = await rawExchange(address, 'HEAD', url);
    expect(head.status).toBe(get.status);
    expect(head.headers).toEqual(get.headers);
    expect(head.body).toBe('');
    expect(get.body).not.toBe('');
  });

  it('answers a missing asset with a 404 envelope rather than the page', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/assets/missing-123.js' });
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe('404');
  });
});

/**
 * One request on its own connection, read to the end as bytes: what the server wrote after the
 * head, not what a client keeps of it (a client drops a HEAD answer's body).
 */
async function rawExchange(address: string, method: string, url: string) {
  const { port } = new URL(address);
  const socket = connect(Number(port), '127.0.0.1');
  socket.write(`${method} ${url} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`);
  const chunks: Buffer[] = [];
  for await (const chunk of socket) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('latin1');
  const headEnd = text.indexOf('\r\n\r\n');
  const [statusLine = '', ...headerLines] = text.slice(0, headEnd).split('\r\n');
  const headers = Object.fromEntries(
    headerLines
      .map((line) => [
        line.slice(0, line.indexOf(':')).toLowerCase(),
        line.slice(line.indexOf(':') + 1).trim(),
      ])
      // The date moves; every other header must be the GET's.
      .filter(([name]) => name !== 'date'),
  );
  return { status: statusLine.split(' ')[1], headers, body: text.slice(headEnd + 4) };
}

describe('graceful shutdown', () => {
  let context: TestContext | undefined;
  afterEach(async () => {
    await context?.close();
  });

  it('finishes a request that is in flight when the server closes', async () => {
    context = await createTestApp();
    const { app } = context;
    let release: () => void = () => {};
    const started = new Promise<void>((resolve) => {
      app.get('/api/test/slow', async () => {
        resolve();
        await new Promise<void>((done) => {
          release = done;
        });
        return { code: '000', message: '成功', datas: 'done' };
      });
    });
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const pending = fetch(`${address}/api/test/slow`).then((response) => response.json());
    await started;
    const closed = app.close();
    setTimeout(() => release(), 100);
    expect(await pending).toEqual({ code: '000', message: '成功', datas: 'done' });
    await closed;
  });

  it('begins the warm-up once the requests that came first after listening are answered', async () => {
    context = await createTestApp();
    const { app } = context;
    let release: () => void = () => {};
    const started = new Promise<void>((resolve) => {
      app.get('/api/test/first', async () => {
        resolve();
        await new Promise<void>((done) => {
          release = done;
        });
        return { code: '000', message: '成功', datas: 'first' };
      });
    });
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const first = fetch(`${address}/api/test/first`).then((response) => response.json());
    await started;
    let warmedUp = false;
    void app.warmUp.then(() => {
      warmedUp = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 400));
    // The answer still pending well past the quiet time: the warm-up has not begun.
    expect(warmedUp).toBe(false);
    release();
    expect(await first).toMatchObject({ datas: 'first' });
    const warmUp = await app.warmUp;
    expect(warmUp).toMatchObject({ requests: 1, timedOut: false });
    expect(warmUp.waitedMs).toBeGreaterThanOrEqual(400);
    expect(warmUp.error).toBeUndefined();
  });

  it('builds nothing after listening when it closes before the warm-up begins', async () => {
    context = await createTestApp();
    const { app } = context;
    await app.listen({ port: 0, host: '127.0.0.1' });
    await app.close();
    expect(await app.warmUp).toMatchObject({ requests: 0, closed: true, ms: 0 });
  });
});
