import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listenOnLoopback, rawRequest } from '../test/raw-request.ts';
import { createTestApp, type TestContext } from '../test/test-app.ts';

/** Security headers on every response (issue 14 defect 7), as a browser receives them. */
let context: TestContext;
let webDist: string;
let base: string;
beforeAll(async () => {
  webDist = mkdtempSync(path.join(tmpdir(), 'zhicai-web-'));
  mkdirSync(path.join(webDist, 'assets'));
  writeFileSync(
    path.join(webDist, 'index.html'),
    '<!doctype html><html><head><!--zhicai-runtime--></head><body><div id="root"></div></body></html>',
  );
  writeFileSync(path.join(webDist, 'assets', 'index-abc123.js'), 'console.log(1);');
  context = await createTestApp({ webDist });
  base = await listenOnLoopback(context.app);
});
afterAll(async () => {
  await context.close();
  rmSync(webDist, { recursive: true, force: true });
});

function directives(headers: IncomingHttpHeaders): Map<string, string[]> {
  const policy = String(headers['content-security-policy'] ?? '');
  return new Map(
    policy
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name = '', ...sources]) => [name, sources]),
  );
}

function expectCommon(headers: IncomingHttpHeaders) {
  expect(headers['x-content-type-options']).toBe('nosniff');
  expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  expect(headers['content-security-policy']).toBeTruthy();
}

describe('security headers', () => {
  it('gives the page a policy that allows its inline runtime script by hash and no other inline script', async () => {
    const page = await rawRequest(base, '/stock?code=600519.SH');
    expectCommon(page.headers);
    const policy = directives(page.headers);
    const inline = /<script>([^<]*)<\/script>/.exec(page.body)?.[1] ?? '';
    expect(inline).toContain('__ZHICAI_RUNTIME__');
    const hash = createHash('sha256').update(inline, 'utf8').digest('base64');
    expect(policy.get('script-src')).toContain(`'sha256-${hash}'`);
    expect(policy.get('script-src')).not.toContain("'unsafe-inline'");
    expect(policy.get('script-src')).not.toContain("'unsafe-eval'");
    expect(policy.get('frame-ancestors')).toEqual(["'self'"]);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('gives the app files the page policy (a worker script runs under its own file’s policy)', async () => {
    const script = await rawRequest(base, '/assets/index-abc123.js');
    expectCommon(script.headers);
    expect(directives(script.headers).get('worker-src')).toEqual(["'self'", 'blob:']);
  });

  it.each([
    ['a success envelope', '/healthz'],
    ['a contract call', '/api/v2/user/isCN'],
    ['a 404 envelope', '/api/v2/no/such/call'],
    ['a 400 envelope', '/api/v2/user/getSmsCode?phone=1'],
    ['a bad URL', '/api/v4/dayKV2/%ff'],
  ])('gives %s the API policy', async (_case, url) => {
    const answer = await rawRequest(base, url);
    expectCommon(answer.headers);
    expect(answer.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
  });

  it('gives a refusal of Node’s HTTP parser the API policy', async () => {
    const answer = await rawRequest(base, '/healthz', { headers: { 'x-big': 'x'.repeat(20_000) } });
    expect(answer.status).toBe(431);
    expectCommon(answer.headers);
  });

  it('gives a realTime answer from the pre-router the same headers as one from Fastify', async () => {
    const url = '/api/v2/capital/realTime?codes=600519.SH';
    const first = await rawRequest(base, url);
    const before = context.app.preRouter?.answered() ?? 0;
    const second = await rawRequest(base, url);
    expect(context.app.preRouter?.answered()).toBe(before + 1);
    expectCommon(second.headers);
    const { date: _first, ...fastify } = first.headers;
    const { date: _second, ...preRouted } = second.headers;
    expect(preRouted).toEqual(fastify);
  });
});
