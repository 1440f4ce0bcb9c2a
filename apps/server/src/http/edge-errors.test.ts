import net from 'node:net';
import { anyEnvelope, responseKind } from '@zhicai/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { listenOnLoopback, rawRequest } from '../test/raw-request.ts';
import { createTestApp, type TestContext } from '../test/test-app.ts';
import { HEADERS_TIMEOUT_MS, REQUEST_TIMEOUT_MS } from './server-limits.ts';

/**
 * Every answer leaves as a {code, message, datas} envelope with a Chinese message, also the ones
 * the framework or Node's HTTP parser gives before any route runs (issue 14 defect 7), and a
 * request that never finishes does not hold its connection for ever.
 */
let context: TestContext;
let base: string;
beforeEach(async () => {
  context = await createTestApp();
  base = await listenOnLoopback(context.app);
});
afterEach(async () => {
  await context.close();
});

interface Exchange {
  status: number;
  body: string;
  /** Milliseconds until the server closed the connection. */
  closedAfterMs: number;
}

/** Bytes written to a TCP connection as they are, and what comes back until the server closes it. */
function exchange(bytes: string, { endAfterWrite = false } = {}): Promise<Exchange> {
  const { port } = new URL(base);
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const socket = net.connect(Number(port), '127.0.0.1', () => {
      socket.write(bytes);
      if (endAfterWrite) socket.end();
    });
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const [head = '', ...rest] = text.split('\r\n\r\n');
      resolve({
        status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0),
        body: rest.join('\r\n\r\n'),
        closedAfterMs: performance.now() - started,
      });
    });
  });
}

function expectEnvelope(status: number, body: string) {
  const envelope = anyEnvelope.parse(JSON.parse(body));
  expect(responseKind(envelope.code), body).toBe('fail');
  expect(envelope.message).toMatch(/[\u4e00-\u9fa5]/);
  expect(envelope.datas).toBeNull();
  expect(status).toBeGreaterThanOrEqual(400);
  return envelope;
}

describe('errors before any route runs', () => {
  it.each([
    ['a path parameter that is not UTF-8', '/api/v4/dayKV2/%ff%fe', 400],
    ['a path that is not UTF-8', '/api/%ff%fe/x', 400],
    ['a path parameter over the length limit', `/api/v4/dayKV2/${'9'.repeat(300)}`, 414],
    ['/api itself', '/api', 404],
    ['an unknown API path', '/api/v2/no/such/call', 404],
  ])('answers %s with an envelope that does not echo the path', async (_case, path, status) => {
    const answer = await rawRequest(base, path);
    expect(answer.status).toBe(status);
    expectEnvelope(answer.status, answer.body);
    expect(answer.body).not.toContain('%ff');
    expect(answer.body).not.toContain('9'.repeat(100));
    expect(answer.headers['content-type']).toMatch(/^application\/json/);
  });

  it('answers a known path with the wrong method with 405 in an envelope', async () => {
    const answer = await rawRequest(base, '/api/v2/user/getSmsCode?phone=13800138000', { method: 'DELETE' });
    expect(answer.status).toBe(405);
    expect(expectEnvelope(answer.status, answer.body).code).toBe('405');
  });

  it('answers malformed JSON with 400 in an envelope', async () => {
    const answer = await rawRequest(base, '/api/v2/user/bindPhone', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"phone": ',
    });
    expect(answer.status).toBe(400);
    expect(expectEnvelope(answer.status, answer.body).message).toBe('请求体不是合法的 JSON');
  });

  it('answers headers over the size limit with 431 in an envelope', async () => {
    const answer = await exchange(
      `GET /healthz HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'x'.repeat(20_000)}\r\n\r\n`,
    );
    expect(answer.status).toBe(431);
    expectEnvelope(answer.status, answer.body);
  });

  it('answers a request line Node cannot parse with 400 in an envelope', async () => {
    const answer = await exchange('GET /healthz HTTP/9.9\r\nHost: localhost\r\n\r\n');
    expect(answer.status).toBe(400);
    expectEnvelope(answer.status, answer.body);
  });
});

describe('request timeouts', () => {
  it('gives a whole request, body included, a time limit', () => {
    expect(context.app.server.requestTimeout).toBe(REQUEST_TIMEOUT_MS);
    expect(context.app.server.headersTimeout).toBe(HEADERS_TIMEOUT_MS);
    expect(REQUEST_TIMEOUT_MS).toBeGreaterThan(0);
  });

  it('closes a connection whose body never finishes, answering 408 in an envelope', async () => {
    // Shortened for the test (Node ignores a request limit shorter than the header limit); it
    // checks open requests every second (server-limits.ts).
    context.app.server.headersTimeout = 1_000;
    context.app.server.requestTimeout = 1_500;
    const answer = await exchange(
      'POST /api/v2/user/bindPhone HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"phone":',
    );
    expect(answer.status).toBe(408);
    expectEnvelope(answer.status, answer.body);
    expect(answer.closedAfterMs).toBeLessThan(5_000);
  }, 15_000);
});
