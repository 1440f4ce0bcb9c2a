import http from 'node:http';
import { Writable } from 'node:stream';
import { gunzipSync, gzipSync } from 'node:zlib';
import { defineEndpoint, defineGroup } from '@zhicai/contract';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { success } from './envelope.ts';
import { installErrorHandling } from './error-handler.ts';
import {
  headerOf,
  installPreRouter,
  rawHeader,
  registerPreRoutedGet,
  withoutCacheBust,
} from './pre-router.ts';
import { PreparedHeaders, preparedAnswer } from './register-endpoint.ts';
import { RequestLog } from './request-log.ts';

const { quotes: endpoint } = defineGroup('test', {
  quotes: defineEndpoint({
    method: 'GET',
    path: '/api/test/quotes',
    auth: 'none',
    summary: '测试',
    query: z.object({
      codes: z
        .string()
        .regex(/^[A-Z]+(,[A-Z]+)*$/, '代码格式应为大写字母')
        .transform((text) => text.split(',')),
    }),
    datas: z.array(z.string()),
  }),
});

const plain = new PreparedHeaders({ vary: 'accept-encoding' });
const gzipped = new PreparedHeaders({ vary: 'accept-encoding', 'content-encoding': 'gzip' });

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A raw HTTP request (fetch would decompress the body and hide what went over the wire). */
function request(address: string, path: string, options: http.RequestOptions = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const outgoing = http.request(`${address}${path}`, options, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
      );
    });
    outgoing.on('error', reject);
    outgoing.end();
  });
}

/** An answer's headers without the ones that change with the clock. */
function stable(headers: http.IncomingHttpHeaders) {
  const { date: _date, ...rest } = headers;
  return rest;
}

type LogLine = { level: number; msg: string; req?: { url: string }; res?: { statusCode: number } };

/** A Fastify app with the test endpoint pre-routed, listening on a free port. */
async function startApp(level: 'info' | 'debug') {
  const lines: LogLine[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  // Typed as Fastify's logger, as app.ts hands it over, so the app has the default instance type.
  const logger: FastifyBaseLogger = pino({ level }, sink);
  const app = Fastify({ loggerInstance: logger, logController: new RequestLog() });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandling(app, { knownApiPaths: () => new Set([endpoint.path]), webApp: () => undefined });
  const state = { closing: false, answers: 0 };
  const options = { closing: () => state.closing, slowRequestMs: 1000 };
  const router = installPreRouter(app, options);
  registerPreRoutedGet(
    app,
    router,
    endpoint,
    (query, header) => {
      state.answers += 1;
      if (query.codes.includes('BOOM')) throw new Error('answer failed');
      const json = Buffer.from(JSON.stringify(success(query.codes)));
      return header('accept-encoding') === 'gzip'
        ? preparedAnswer(gzipSync(json), gzipped)
        : preparedAnswer(json, plain);
    },
    { memoizeQuery: true, remembered: 3 },
  );
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  /** The answer, and whether the pre-router gave it. */
  const get = async (path: string, requestOptions: http.RequestOptions = {}) => {
    const before = router.answered();
    const answer = await request(address, path, requestOptions);
    return { ...answer, preRouted: router.answered() > before };
  };
  return { app, lines, state, options, get };
}

describe('pre-router', () => {
  let started: Awaited<ReturnType<typeof startApp>>;
  let get: typeof started.get;
  let lines: LogLine[];
  beforeAll(async () => {
    started = await startApp('info');
    get = started.get;
    lines = started.lines;
  });
  afterAll(() => started.app.close());
  beforeEach(() => {
    started.state.closing = false;
    started.options.slowRequestMs = 1000;
    lines.length = 0;
  });

  it('answers a querystring Fastify has validated before exactly as Fastify answered it', async () => {
    for (const [path, headers] of [
      ['/api/test/quotes?codes=AB,CD', {}],
      ['/api/test/quotes?codes=AB,CE', { 'accept-encoding': 'gzip' }],
    ] as const) {
      const first = await get(path, { headers });
      const second = await get(path, { headers });
      expect(first.preRouted).toBe(false);
      expect(second.preRouted).toBe(true);
      expect(second.status).toBe(200);
      expect(stable(second.headers)).toEqual(stable(first.headers));
      expect(second.body.equals(first.body)).toBe(true);
    }
    const compressed = await get('/api/test/quotes?codes=AB,CD', { headers: { 'accept-encoding': 'gzip' } });
    expect(compressed.preRouted).toBe(true);
    expect(compressed.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(compressed.body).toString())).toEqual({
      code: '000',
      message: '成功',
      datas: ['AB', 'CD'],
    });
  });

  it("recognises a polling client's repeats, each with a new cache-busting timestamp", async () => {
    const first = await get('/api/test/quotes?codes=AB,CF&_t=1795000000000');
    const second = await get('/api/test/quotes?codes=AB,CF&_t=1795000003000');
    expect([first.preRouted, second.preRouted]).toEqual([false, true]);
    expect(second.body.equals(first.body)).toBe(true);
    // The timestamp never makes a bad list good.
    const bad = await get('/api/test/quotes?codes=ab&_t=1795000000000');
    expect(bad.preRouted).toBe(false);
    expect(JSON.parse(bad.body.toString()).code).toBe('400');
  });

  it('drops only the _t parameter when remembering a querystring', () => {
    expect(withoutCacheBust('codes=AB&_t=1')).toBe('codes=AB');
    expect(withoutCacheBust('_t=1&codes=AB')).toBe('codes=AB');
    expect(withoutCacheBust('a=1&_t=2&b=3')).toBe('a=1&b=3');
    expect(withoutCacheBust('codes=AB&x_t=1')).toBe('codes=AB&x_t=1');
    expect(withoutCacheBust('codes=AB')).toBe('codes=AB');
  });

  it('keeps answering a bad querystring with the 400 envelope from Fastify', async () => {
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const answer = await get('/api/test/quotes?codes=ab');
      expect(answer.preRouted).toBe(false);
      expect(answer.status).toBe(400);
      expect(JSON.parse(answer.body.toString())).toMatchObject({ code: '400', datas: null });
      expect(JSON.parse(answer.body.toString()).message).toMatch(/代码格式/);
    }
    expect(lines.filter((line) => line.msg === 'request completed')).toHaveLength(3);
  });

  it('leaves other methods, other spellings of the path and body encodings to Fastify', async () => {
    await get('/api/test/quotes?codes=EF');
    expect((await get('/api/test/quotes?codes=EF', { method: 'HEAD' })).preRouted).toBe(false);
    expect((await get('/api/test/quotes/?codes=EF')).status).toBe(404);
    const encoded = await get('/api/test/%71uotes?codes=EF');
    expect(encoded.preRouted).toBe(false);
    const withEncoding = await get('/api/test/quotes?codes=EF', { headers: { 'content-encoding': 'gzip' } });
    expect(withEncoding.preRouted).toBe(false);
    expect(withEncoding.status).toBe(200);
    expect((await get('/api/test/quotes?codes=EF')).preRouted).toBe(true);
  });

  it('leaves requests to Fastify while the app closes', async () => {
    await get('/api/test/quotes?codes=GH');
    started.state.closing = true;
    expect((await get('/api/test/quotes?codes=GH')).preRouted).toBe(false);
    started.state.closing = false;
    expect((await get('/api/test/quotes?codes=GH')).preRouted).toBe(true);
  });

  it('hands a failing answer to Fastify, which answers it with the 500 envelope and logs it', async () => {
    await get('/api/test/quotes?codes=AB');
    const calls = started.state.answers;
    const failed = await get('/api/test/quotes?codes=BOOM');
    expect(failed.preRouted).toBe(false);
    expect(failed.status).toBe(500);
    expect(JSON.parse(failed.body.toString())).toMatchObject({ code: '999', datas: null });
    expect(lines.some((line) => line.msg === 'request failed')).toBe(true);
    expect(started.state.answers).toBe(calls + 1);
  });

  it('logs a slow pre-routed answer at warn, with credentials redacted', async () => {
    await get('/api/test/quotes?codes=IJ&token=secret');
    lines.length = 0;
    started.options.slowRequestMs = 0;
    expect((await get('/api/test/quotes?codes=IJ&token=secret')).preRouted).toBe(true);
    expect(lines).toMatchObject([
      { level: 40, msg: 'slow request', req: { url: '/api/test/quotes?codes=IJ&token=***' } },
    ]);
    expect(JSON.stringify(lines)).not.toMatch(/secret/);
  });

  it('remembers a bounded number of querystrings', async () => {
    for (const codes of ['KA', 'KB', 'KC', 'KD']) await get(`/api/test/quotes?codes=${codes}`);
    // The memory started over at the fourth: KA has to pass Fastify again.
    expect((await get('/api/test/quotes?codes=KD')).preRouted).toBe(true);
    expect((await get('/api/test/quotes?codes=KA')).preRouted).toBe(false);
  });
});

describe('pre-router with debug logging', () => {
  it('leaves every request to Fastify, which logs each success at debug', async () => {
    const { app, lines, get } = await startApp('debug');
    try {
      await get('/api/test/quotes?codes=AB');
      expect((await get('/api/test/quotes?codes=AB')).preRouted).toBe(false);
      expect(lines.filter((line) => line.msg === 'request completed' && line.level === 20)).toHaveLength(2);
    } finally {
      await app.close();
    }
  });
});

describe('raw header lookup', () => {
  it('reads a header as Node does: any case, repeats joined with ", "', () => {
    const raw = [
      'Host',
      'localhost',
      'Accept-Encoding',
      'gzip',
      'X-No-Compression',
      '',
      'accept-encoding',
      'br',
    ];
    expect(rawHeader(raw, 'accept-encoding')).toBe('gzip, br');
    expect(rawHeader(raw, 'x-no-compression')).toBe('');
    expect(rawHeader(raw, 'content-encoding')).toBeUndefined();
    const node = headerOf({ 'accept-encoding': 'gzip, br', 'x-no-compression': '' });
    expect(node('accept-encoding')).toBe(rawHeader(raw, 'accept-encoding'));
    expect(node('x-no-compression')).toBe(rawHeader(raw, 'x-no-compression'));
    expect(node('content-encoding')).toBeUndefined();
  });
});
