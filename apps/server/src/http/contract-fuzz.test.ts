import { allEndpoints, anyEnvelope, type Endpoint, responseKind } from '@zhicai/contract';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../test/test-app.ts';

/**
 * Contract-driven fuzzing: every endpoint in the contract gets at least RUNS malformed requests
 * and must answer each with an envelope and a non-5xx status. New endpoints join by being in the
 * contract.
 */
const RUNS = 1000;

const hostileKeys = [
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
  '',
  ' ',
  '[]',
  'a[b]',
];
const badEncodings = ['%', '%E0%A4%A', '%FF%FE', '%00', '%C0%AF', '%ED%A0%80', '%%', '%zz', '\u0000'];
const edgeValues = [
  '',
  ' ',
  'null',
  'undefined',
  'NaN',
  'Infinity',
  '-0',
  '1e309',
  '99999999999999999999999999',
  '-99999999999999999999999999',
  '0x1F',
  'true',
  '[]',
  '{}',
  '{"$gt":""}',
  "' OR 1=1 --",
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '😀😀',
  '知财'.repeat(50),
];

function fieldNames(endpoint: Endpoint): string[] {
  const names = new Set<string>();
  for (const schema of [endpoint.query, endpoint.body]) {
    if (schema) for (const key of Object.keys(schema.shape)) names.add(key);
  }
  return [...names];
}

const hugeString = fc.integer({ min: 1_000, max: 20_000 }).map((length) => 'x'.repeat(length));
const scalarText = fc.oneof(
  fc.constantFrom(...edgeValues),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.double().map(String),
  fc.bigInt().map(String),
  hugeString,
);

function queryPairs(endpoint: Endpoint) {
  const key = fc.oneof(
    fc.constantFrom(...fieldNames(endpoint), ...hostileKeys),
    fc.string({ maxLength: 12 }),
  );
  return fc.array(fc.tuple(key, scalarText), { maxLength: 8 });
}

/** A raw query string, sometimes with broken percent-encoding spliced in. */
function rawQuery(endpoint: Endpoint) {
  return fc
    .tuple(queryPairs(endpoint), fc.option(fc.constantFrom(...badEncodings), { nil: undefined }))
    .map(([pairs, broken]) => {
      const encoded = pairs.map(([key, value]) => `${encodeURIComponent(key)}=${encodeURIComponent(value)}`);
      if (broken !== undefined) encoded.push(`${broken}=${broken}`);
      return encoded.join('&');
    });
}

type Body = { contentType: string | undefined; payload: string | Buffer } | undefined;

const bodies: fc.Arbitrary<Body> = fc.oneof(
  fc.constant(undefined),
  fc
    .jsonValue({ maxDepth: 4 })
    .map((value) => ({ contentType: 'application/json', payload: JSON.stringify(value) })),
  fc
    .constantFrom('{', '{"a":', '[1,', 'nul', '{"__proto__":{"x":1}}', '{"constructor":{"prototype":{}}}')
    .map((payload) => ({
      contentType: 'application/json',
      payload,
    })),
  fc
    .uint8Array({ maxLength: 64 })
    .map((bytes) => ({ contentType: 'application/json', payload: Buffer.from(bytes) })),
  fc
    .tuple(
      fc.constantFrom('text/plain', 'multipart/form-data; boundary=x', 'application/xml', undefined),
      fc.string({ maxLength: 40 }),
    )
    .map(([contentType, payload]) => ({ contentType, payload })),
);

function requestArbitrary(endpoint: Endpoint) {
  return fc.record({
    method: fc.oneof(
      { weight: 8, arbitrary: fc.constant(endpoint.method) },
      { weight: 1, arbitrary: fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH') },
    ),
    query: rawQuery(endpoint),
    body: bodies,
    token: fc.oneof(
      fc.constant(undefined),
      fc.string({ maxLength: 30 }),
      hugeString.map((text) => text.slice(0, 8000)),
    ),
  });
}

describe('contract fuzz', () => {
  let context: TestContext;
  beforeAll(async () => {
    context = await createTestApp();
  });
  afterAll(async () => {
    await context.close();
  });

  it('covers every endpoint in the contract', () => {
    expect(allEndpoints.length).toBeGreaterThan(0);
    expect(new Set(allEndpoints.map((endpoint) => `${endpoint.method} ${endpoint.path}`)).size).toBe(
      allEndpoints.length,
    );
  });

  it.each(allEndpoints.map((endpoint) => [`${endpoint.method} ${endpoint.path}`, endpoint] as const))(
    '%s answers malformed input with an envelope and never a 5xx',
    async (_name, endpoint) => {
      let runs = 0;
      await fc.assert(
        fc.asyncProperty(requestArbitrary(endpoint), async (request) => {
          runs += 1;
          const headers: Record<string, string> = {};
          if (request.body?.contentType) headers['content-type'] = request.body.contentType;
          if (request.token !== undefined) headers.token = request.token;
          const response = await context.app.inject({
            method: request.method as 'GET',
            url: `${endpoint.path}${request.query ? `?${request.query}` : ''}`,
            headers,
            ...(request.body && request.method !== 'GET' ? { payload: request.body.payload } : {}),
          });
          expect(response.statusCode).toBeLessThan(500);
          const envelope = anyEnvelope.parse(response.json());
          if (response.statusCode === 200) {
            // HTTP 200 carries either a success with valid datas, or a catalogue code the client
            // acts on (spec 1 §8): a session-invalid code before the input is even read, or a
            // notice such as a refused WeChat code.
            const kind = responseKind(envelope.code);
            expect(kind).not.toBe('fail');
            if (kind === 'success' || kind === 'successNewUser') {
              expect(endpoint.datas.safeParse(envelope.datas).success).toBe(true);
            } else {
              expect(envelope.datas).toBeNull();
              expect(envelope.message).toMatch(/[\u4e00-\u9fa5]/);
            }
          } else {
            expect(responseKind(envelope.code)).toBe('fail');
            expect(envelope.message).toMatch(/[\u4e00-\u9fa5]/);
            expect(response.body).not.toMatch(/\bat .+\.(ts|js):\d+/);
          }
        }),
        { numRuns: RUNS, seed: 20261121 },
      );
      expect(runs).toBeGreaterThanOrEqual(RUNS);
      const health = await context.app.inject({ method: 'GET', url: '/healthz' });
      expect(health.statusCode).toBe(200);
    },
    120_000,
  );
});
