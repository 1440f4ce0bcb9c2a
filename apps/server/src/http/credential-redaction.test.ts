import { Writable } from 'node:stream';
import { api } from '@zhicai/contract';
import type { FastifyBaseLogger } from 'fastify';
import pino from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { call } from '../test/call.ts';
import { loginByPhone } from '../test/login.ts';
import { createTestApp, type TestContext } from '../test/test-app.ts';
import { redactCredentials } from './credential-redaction.ts';

/**
 * Login credentials that reach the server inside other values (the page query a page view
 * reports, an event's fields, an error message) must not be stored or logged (issue 14 defect 5).
 */
const SECRETS = /zhicai-demo|hb_secret|eyJhbGciOiJIUzI1NiJ9\.secret/;

let context: TestContext;
const lines: string[] = [];
beforeEach(async () => {
  lines.length = 0;
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  // The most talkative level: no line at any level may carry a credential.
  const logger: FastifyBaseLogger = pino({ level: 'trace' }, sink);
  context = await createTestApp({ logger });
});
afterEach(async () => {
  await context.close();
});

async function storedText(): Promise<string> {
  const db = context.database.db;
  const tables = await Promise.all([
    db.selectFrom('page_views').selectAll().execute(),
    db.selectFrom('events').selectAll().execute(),
    db.selectFrom('error_reports').selectAll().execute(),
  ]);
  return JSON.stringify(tables);
}

describe('credentials inside reported values', () => {
  it.each([
    ['a test token', 'testToken=zhicai-demo&from=share', 'testToken=***&from=share'],
    ['a partner token', 'stockCode=600519.SH&t_hb=hb_secret', 'stockCode=600519.SH&t_hb=***'],
    ['a session token', 'token=eyJhbGciOiJIUzI1NiJ9.secret', 'token=***'],
    [
      'an encoded nested URL',
      'back=%2Fstock%3Ft_hb%3Dhb_secret%26x%3D1',
      'back=%2Fstock%3Ft_hb%3D***%26x%3D1',
    ],
  ])('keeps %s of a page view query out of page_views and the log', async (_case, query, stored) => {
    expect((await call(context, api.telemetry.pageView, { query: { path: '/', query } })).code).toBe('000');
    const row = await context.database.db.selectFrom('page_views').select('query').executeTakeFirstOrThrow();
    expect(row.query).toBe(stored);
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.join('\n')).not.toMatch(SECRETS);
  });

  it('keeps credentials in event fields and error reports out of the tables and the log', async () => {
    const login = await loginByPhone(context, '13800138001');
    await call(
      context,
      api.telemetry.event,
      {
        body: {
          event_name: '分享',
          event_ext1: 'https://zhicai.example/?testToken=zhicai-demo',
          event_ext2: '/stock?t_hb=hb_secret&stockCode=600519.SH',
          container: 'browser',
          env: 'production',
        },
      },
      { token: login.token },
    );
    await call(context, api.telemetry.errorReport, {
      body: {
        device: 'test',
        service: 'web',
        container: 'browser',
        env: 'production',
        pathName: '/stock?t_hb=hb_secret',
        isWhite: false,
        errorMsg: 'TypeError at https://zhicai.example/?testToken=zhicai-demo&x=1',
      },
    });
    const stored = await storedText();
    expect(stored).toContain('t_hb=***');
    expect(stored).toContain('testToken=***');
    expect(stored).not.toMatch(SECRETS);
    expect(lines.join('\n')).not.toMatch(SECRETS);
  });
});

describe('redactCredentials', () => {
  it.each([
    ['testToken=zhicai-demo&from=share', 'testToken=***&from=share'],
    ['/?TESTTOKEN=a#top', '/?TESTTOKEN=***#top'],
    ['a=1&hbToken=x&access_token=y&ticket=z&t_hb=w', 'a=1&hbToken=***&access_token=***&ticket=***&t_hb=***'],
    ['back=%2Fstock%3Ft_hb%3Dsecret%26x%3D1', 'back=%2Fstock%3Ft_hb%3D***%26x%3D1'],
    ['back=%252Fstock%253Ft_hb%253Dsecret%2526x', 'back=%252Fstock%253Ft_hb%253D***%2526x'],
    ['see https://a.example/p?token=abc.def "quoted"', 'see https://a.example/p?token=*** "quoted"'],
    ['{"url":"/x?testToken=abc"}', '{"url":"/x?testToken=***"}'],
  ])('redacts %s', (text, redacted) => {
    expect(redactCredentials(text)).toBe(redacted);
  });

  it.each([
    'stockCode=600519.SH&tab=2',
    'tokenizer=on',
    'mytokens=3',
    'TypeError: token is undefined',
    '/stock/t_hbx',
  ])('leaves %s alone', (text) => {
    expect(redactCredentials(text)).toBe(text);
  });
});
