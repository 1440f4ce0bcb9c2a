import { Writable } from 'node:stream';
import Fastify from 'fastify';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { routeHeadAsGet } from './head-requests.ts';
import { RequestLog, redactedUrl } from './request-log.ts';

describe('request log', () => {
  const lines: {
    level: number;
    msg: string;
    res?: { statusCode: number };
    req?: { url: string; method: string };
  }[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  const app = Fastify({
    loggerInstance: pino({ level: 'info' }, sink),
    logController: new RequestLog({ slowRequestMs: 50 }),
    // As app.ts: HEAD answered by the GET routes.
    exposeHeadRoutes: false,
    rewriteUrl: routeHeadAsGet,
  });
  app.get('/ok', async () => ({ ok: true }));
  app.get('/missing', async (_request, reply) => reply.code(404).send({ ok: false }));
  app.get('/crash', async () => {
    throw new Error('boom');
  });
  app.get('/slow', async () => {
    await new Promise((resolve) => setTimeout(resolve, 80));
    return { ok: true };
  });
  beforeAll(() => app.ready());
  afterAll(() => app.close());

  async function logged(url: string, method: 'GET' | 'HEAD' = 'GET') {
    lines.length = 0;
    await app.inject({ method, url });
    await new Promise((resolve) => setImmediate(resolve));
    return lines.map((line) => ({ level: line.level, msg: line.msg, status: line.res?.statusCode }));
  }

  it('writes nothing at info level for an ordinary success', async () => {
    expect(await logged('/ok')).toEqual([]);
  });

  it('logs a client error at info, once', async () => {
    expect(await logged('/missing')).toEqual([{ level: 30, msg: 'request completed', status: 404 }]);
  });

  it('names a HEAD request HEAD, though the GET route answered it', async () => {
    expect(await logged('/missing', 'HEAD')).toEqual([{ level: 30, msg: 'request completed', status: 404 }]);
    expect(lines.map((line) => line.req?.method)).toEqual(['HEAD']);
    await logged('/missing');
    expect(lines.map((line) => line.req?.method)).toEqual(['GET']);
  });

  it('never writes a test token, t_hb or session token into the log', async () => {
    await logged('/missing?testToken=zhicai-demo&t_hb=hb_secret&token=eyJabc&page=2');
    expect(lines.map((line) => line.req?.url)).toEqual(['/missing?testToken=***&t_hb=***&token=***&page=2']);
    expect(JSON.stringify(lines)).not.toMatch(/zhicai-demo|hb_secret|eyJabc/);
  });

  it('redacts credential parameters by name, whatever their case or encoding', () => {
    expect(redactedUrl('/api/v2/wx/rest/outh?code=abc&inviteCode=x')).toBe(
      '/api/v2/wx/rest/outh?code=***&inviteCode=x',
    );
    expect(redactedUrl('/?TESTTOKEN=a&%74_hb=b')).toBe('/?TESTTOKEN=***&%74_hb=***');
    expect(redactedUrl('/api/v3/details/stockBaseInfo?code=600519.SH')).toBe(
      '/api/v3/details/stockBaseInfo?code=600519.SH',
    );
    expect(redactedUrl('/plain')).toBe('/plain');
    expect(redactedUrl('/?flag&%E0%A4%A=1')).toBe('/?flag&%E0%A4%A=1');
  });

  it('keeps server errors at error level', async () => {
    const entries = await logged('/crash');
    expect(entries).toContainEqual({ level: 50, msg: 'request failed', status: 500 });
  });

  it('logs a slow request at warn', async () => {
    expect(await logged('/slow')).toEqual([{ level: 40, msg: 'slow request', status: 200 }]);
  });

  it('logs every request at debug level when asked to', async () => {
    app.log.level = 'debug';
    try {
      expect(await logged('/ok')).toEqual([{ level: 20, msg: 'request completed', status: 200 }]);
    } finally {
      app.log.level = 'info';
    }
  });
});
