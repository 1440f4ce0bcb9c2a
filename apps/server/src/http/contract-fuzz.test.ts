import { allEndpoints, anyEnvelope, api, type Endpoint, responseKind } from '@zhicai/contract';
import { zstokv1 } from '@zhicai/domain';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createSessionRepository } from '../platform/auth/session.repository.ts';
import { createSessionService, type SessionService } from '../platform/auth/sessions.ts';
import { createTokenSigner } from '../platform/auth/tokens.ts';
import { call } from '../test/call.ts';
import { loginByPhone } from '../test/login.ts';
import { createTestApp, TEST_API_LOCK_KEY, TEST_JWT_SECRET, type TestContext } from '../test/test-app.ts';

/**
 * Contract-driven fuzzing: every endpoint in the contract gets RUNS requests and must answer each
 * with an envelope and never a 5xx. New endpoints join by being in the contract.
 *
 * The requests are mostly well-formed, so the handlers behind validation, the API lock and the
 * login are reached and fuzzed too (issue 14 item 13: a handler made to throw on every call used
 * to pass, because /v3/ calls were never signed, `:code` went out literally and no call carried a
 * live session). Each endpoint must see at least REACH_SHARE of its requests arrive at its handler:
 * - well-formed: a good value for every field (the first of goodValues or of the field's own enum,
 *   default or minimum that its schema accepts), some replaced by hostile text the schema still
 *   accepts, path parameters filled, /v3/ calls signed, mostly as a signed-in user with a live
 *   session;
 * - the same with the path percent-encoded (the router decodes it);
 * - malformed: random keys and values, broken percent-encoding, bad UTF-8 and hostile text in
 *   path parameters, junk and re-spelt tokens (padding, base64 alphabet), other methods and bodies.
 */
// Each request costs ~1.5 ms on SQLite and ~3 ms on PostgreSQL, and the contract is heading for
// 300 endpoints: 400 runs still give each malformed class over 100 cases per endpoint. The
// PostgreSQL tier is there for the SQL each handler runs, which the well-formed share reaches in
// its first runs, so it fuzzes fewer.
const RUNS = process.env.TEST_DATABASE_URL ? 150 : 400;
const REACH_SHARE = 0.5;

/**
 * Good values by field name, tried before anything else. An endpoint whose required field takes
 * none of these, of its schema's own values or of `genericValues` fails with a message naming the
 * field: add a good value for it here.
 */
const goodValues: Record<string, readonly unknown[]> = {
  // An instrument code almost everywhere; six digits for an SMS code.
  code: ['600519.SH', '600519SH', '000300.SH', '110011.OF', '123456'],
  codes: ['600519.SH,000001.SZ,00700.HK', ['600519.SH', '000001.SZ']],
  phone: ['13800138000'],
  keyword: ['茅台', '600519'],
  reportPeriod: ['20231231'],
  url: ['http://localhost/stock?stockCode=600519.SH'],
  testToken: ['zhicai-demo'],
  token: ['hb_partner-1'],
  path: ['/stock'],
  page: ['/', '1', 1],
  nickname: ['知财用户'],
  avatar: ['https://example.com/avatar.png'],
  device: ['Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) Safari/604.1'],
  event_name: ['页面访问'],
  errorMsg: ["TypeError: Cannot read properties of undefined (reading 'price')"],
  pathName: ['/stock'],
  env: ['production'],
  service: ['web'],
  id: ['1', 1],
  ids: [[1, 2]],
  alerts: [[{ kind: 'changeAbove', value: 0.05, frequency: 'daily' }]],
  // The watchlist's bodies (contract watchlist.ts): a screenshot, a holding, columns, K-line panes.
  image: [`data:image/png;base64,${Buffer.from('\x89PNG\r\n\x1a\n').toString('base64')}`],
  holding: [{ shares: 100, cost: 10.5 }, null],
  columns: [[{ key: 'price', visible: true }]],
  subIndicators: [['VOL', 'MACD']],
  maDays: [[5, 10, 20]],
  // A saved strategy's condition set (contract screener-strategy.ts), in the select body shape.
  conditions: [{ seqFlags: ['CHG_PCT'], CHG_PCT_left: 0, CHG_PCT_right: 'Infinity' }],
  // Community (contract community.ts): what a comment thread hangs on.
  threadKey: ['article:1', 'topic:dividend'],
  // Course (contract course.ts): a chapter exercise's answer sheet.
  answers: [[{ questionId: 1, choices: ['A'] }]],
};
const genericValues: readonly unknown[] = ['1', '600519.SH', '20231231', 'a', 'true', 1, 0, true, false];

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
/** Path parameter spellings that must be refused or answered in the envelope. */
const badPathValues = [
  ':code',
  '%ff%fe',
  '%2e%2e',
  '..%2F..%2F',
  '%00',
  'x'.repeat(300),
  '600519%2ESH',
  '%E0%A4%A',
];

type Location = 'query' | 'body' | 'params';
type Shape = Record<string, z.ZodType>;

function shapeOf(endpoint: Endpoint, location: Location): Shape | undefined {
  return (endpoint[location] as { shape?: Shape } | undefined)?.shape;
}

/** Values a field's own schema names: enum members, a constant, its default, its minimum. */
function schemaValues(schema: z.ZodType): unknown[] {
  let json: Record<string, unknown>;
  try {
    json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Record<string, unknown>;
  } catch {
    return [];
  }
  const values: unknown[] = [];
  const visit = (node: unknown) => {
    if (!node || typeof node !== 'object') return;
    const part = node as Record<string, unknown>;
    if (Array.isArray(part.enum)) values.push(...part.enum);
    if ('const' in part) values.push(part.const);
    if ('default' in part) values.push(part.default);
    if (typeof part.minimum === 'number') values.push(part.minimum);
    if (Array.isArray(part.examples)) values.push(...part.examples);
    for (const key of ['anyOf', 'oneOf', 'allOf'] as const) {
      if (Array.isArray(part[key])) for (const child of part[key]) visit(child);
    }
  };
  visit(json);
  return values;
}

/** As a query string or path segment carries a value: text only. */
function asText(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return undefined;
}

interface GoodInput {
  /** Required fields and their good values. */
  required: Record<string, unknown>;
  /** Optional fields with a good value, sent or not. */
  optional: Record<string, unknown>;
}

/** A good value for every field of one part of an endpoint's request, or why there is none. */
function goodInput(endpoint: Endpoint, location: Location): GoodInput | undefined {
  const shape = shapeOf(endpoint, location);
  if (!shape) return undefined;
  const input: GoodInput = { required: {}, optional: {} };
  for (const [name, schema] of Object.entries(shape)) {
    const candidates = [...(goodValues[name] ?? []), ...schemaValues(schema), ...genericValues]
      .map((value) => (location === 'body' ? value : asText(value)))
      .filter((value) => value !== undefined);
    const good = candidates.find((value) => schema.safeParse(value).success);
    const optional = schema.safeParse(undefined).success;
    if (good === undefined && !optional) {
      throw new Error(
        `contract fuzz: no good value for ${location} field "${name}" of ${endpoint.method} ${endpoint.path}; add one to goodValues`,
      );
    }
    if (good !== undefined) (optional ? input.optional : input.required)[name] = good;
  }
  const whole = endpoint[location] as z.ZodType;
  for (const candidate of [input.required, { ...input.required, ...input.optional }]) {
    if (!whole.safeParse(candidate).success) {
      throw new Error(
        `contract fuzz: the good ${location} of ${endpoint.method} ${endpoint.path} does not validate: ${JSON.stringify(candidate)}`,
      );
    }
  }
  return input;
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

function fieldNames(endpoint: Endpoint): string[] {
  return [
    ...new Set([
      ...Object.keys(shapeOf(endpoint, 'query') ?? {}),
      ...Object.keys(shapeOf(endpoint, 'body') ?? {}),
    ]),
  ];
}

/** A raw query string of random pairs, sometimes with broken percent-encoding spliced in. */
function malformedQuery(endpoint: Endpoint) {
  const key = fc.oneof(
    fc.constantFrom(...fieldNames(endpoint), ...hostileKeys),
    fc.string({ maxLength: 12 }),
  );
  return fc
    .tuple(
      fc.array(fc.tuple(key, scalarText), { maxLength: 8 }),
      fc.option(fc.constantFrom(...badEncodings), { nil: undefined }),
    )
    .map(([pairs, broken]) => {
      const encoded = pairs.map(
        ([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`,
      );
      if (broken !== undefined) encoded.push(`${broken}=${broken}`);
      return encoded.join('&');
    });
}

type Body = { contentType: string | undefined; payload: string | Buffer } | undefined;

const malformedBodies: fc.Arbitrary<Body> = fc.oneof(
  fc.constant(undefined),
  fc
    .jsonValue({ maxDepth: 4 })
    .map((value) => ({ contentType: 'application/json', payload: JSON.stringify(value) })),
  fc
    .constantFrom('{', '{"a":', '[1,', 'nul', '{"__proto__":{"x":1}}', '{"constructor":{"prototype":{}}}')
    .map((payload) => ({ contentType: 'application/json', payload })),
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

/** Who calls: a live session, nobody, a token that is not one of ours, or a live one re-spelt. */
type Caller =
  | { kind: 'signedIn' }
  | { kind: 'anonymous' }
  | { kind: 'junk'; token: string }
  /** A live token re-spelt: padded, in the base64 alphabet, or split by a space. */
  | { kind: 'respelt'; spelling: 'padded' | 'alphabet' | 'space' };

const junkCaller: fc.Arbitrary<Caller> = fc
  .oneof(
    fc.string({ maxLength: 30 }),
    hugeString.map((text) => text.slice(0, 8000)),
  )
  .map((token) => ({ kind: 'junk', token }));
const respeltCaller: fc.Arbitrary<Caller> = fc
  .constantFrom('padded', 'alphabet', 'space')
  .map((spelling) => ({ kind: 'respelt', spelling }) as const);

interface Planned {
  kind: 'wellFormed' | 'encodedPath' | 'malformed';
  method: string;
  path: string;
  query: string;
  body: Body;
  caller: Caller;
  sign: boolean;
  remoteAddress: string;
}

/** Replaces one letter or digit of the path's literal part by its percent-encoding. */
function percentEncodeOne(path: string, at: number): string {
  const positions = [...path]
    .map((char, index) => (/[a-z0-9]/i.test(char) ? index : -1))
    .filter((index) => index >= 0);
  const index = positions[at % positions.length] ?? 1;
  const char = path[index] ?? 'a';
  return `${path.slice(0, index)}%${char.charCodeAt(0).toString(16).toUpperCase()}${path.slice(index + 1)}`;
}

function fillPath(endpoint: Endpoint, values: Record<string, string>): string {
  return endpoint.path.replace(/:([A-Za-z]+)/g, (_match, name: string) => values[name] ?? `:${name}`);
}

/** The requests for one endpoint. */
function plan(endpoint: Endpoint): fc.Arbitrary<Planned> {
  const good = {
    query: goodInput(endpoint, 'query'),
    body: goodInput(endpoint, 'body'),
    params: goodInput(endpoint, 'params'),
  };
  const queryShape = shapeOf(endpoint, 'query') ?? {};
  const bodyShape = shapeOf(endpoint, 'body') ?? {};
  const goodParams = { ...good.params?.required, ...good.params?.optional } as Record<string, string>;
  const remoteAddress = fc.ipV4();

  /** Good values, optional ones sent or not, some swapped for hostile text the field accepts. */
  const wellFormedFields = (input: GoodInput | undefined, shape: Shape, location: Location) =>
    fc
      .tuple(
        fc.array(fc.boolean(), {
          minLength: Object.keys(shape).length,
          maxLength: Object.keys(shape).length,
        }),
        fc.array(fc.option(scalarText, { freq: 3 }), {
          minLength: Object.keys(shape).length,
          maxLength: Object.keys(shape).length,
        }),
      )
      .map(([sendOptional, hostile]) => {
        const fields: Record<string, unknown> = { ...input?.required };
        Object.entries(input?.optional ?? {}).forEach(([name, value], index) => {
          if (sendOptional[index]) fields[name] = value;
        });
        Object.keys(fields).forEach((name, index) => {
          const text = hostile[index];
          if (text !== null && text !== undefined && shape[name]?.safeParse(text).success)
            fields[name] = text;
        });
        return location === 'query'
          ? new URLSearchParams(
              Object.entries(fields).map(([name, value]): [string, string] => [name, String(value)]),
            ).toString()
          : fields;
      });

  const wellFormed = fc
    .record({
      query: wellFormedFields(good.query, queryShape, 'query'),
      body: wellFormedFields(good.body, bodyShape, 'body'),
      cacheBust: fc.boolean(),
      caller: fc.oneof(
        { weight: 6, arbitrary: fc.constant<Caller>({ kind: 'signedIn' }) },
        { weight: 1, arbitrary: fc.constant<Caller>({ kind: 'anonymous' }) },
        { weight: 1, arbitrary: junkCaller },
      ),
      encodeAt: fc.option(fc.nat(), { freq: 4 }),
      remoteAddress,
    })
    .map(
      ({ query, body, cacheBust, caller, encodeAt, remoteAddress }): Planned => ({
        kind: encodeAt === null ? 'wellFormed' : 'encodedPath',
        method: endpoint.method,
        path:
          encodeAt === null
            ? fillPath(endpoint, goodParams)
            : fillPath(endpoint, goodParams).replace(endpoint.path.split(':')[0] ?? '', (literal) =>
                percentEncodeOne(literal, encodeAt),
              ),
        query: [query as string, cacheBust ? `_t=${Date.now()}` : ''].filter(Boolean).join('&'),
        body: endpoint.body ? { contentType: 'application/json', payload: JSON.stringify(body) } : undefined,
        caller,
        sign: true,
        remoteAddress,
      }),
    );

  const malformed = fc
    .record({
      method: fc.oneof(
        { weight: 8, arbitrary: fc.constant<string>(endpoint.method) },
        { weight: 1, arbitrary: fc.constantFrom('GET', 'POST', 'PUT', 'DELETE', 'PATCH') },
      ),
      params: fc.oneof(
        fc.constant(goodParams),
        fc.record({ value: fc.oneof(fc.constantFrom(...badPathValues), scalarText.map(encodeURIComponent)) }),
      ),
      query: malformedQuery(endpoint),
      body: malformedBodies,
      caller: fc.oneof(
        fc.constant<Caller>({ kind: 'anonymous' }),
        fc.constant<Caller>({ kind: 'signedIn' }),
        junkCaller,
        respeltCaller,
      ),
      sign: fc.boolean(),
      doubledSlash: fc.boolean(),
      remoteAddress,
    })
    .map(({ method, params, query, body, caller, sign, doubledSlash, remoteAddress }): Planned => {
      const values =
        'value' in params
          ? Object.fromEntries(Object.keys(goodParams).map((name) => [name, params.value]))
          : params;
      const path = fillPath(endpoint, values as Record<string, string>);
      return {
        kind: 'malformed',
        method,
        path: doubledSlash ? path.replace('/api/', '/api//') : path,
        query,
        body,
        caller,
        sign,
        remoteAddress,
      };
    });

  return fc.oneof({ weight: 7, arbitrary: wellFormed }, { weight: 3, arbitrary: malformed });
}

function respell(token: string, spelling: 'padded' | 'alphabet' | 'space'): string {
  if (spelling === 'padded') return `${token}=`;
  if (spelling === 'space') return `${token.slice(0, 20)} ${token.slice(20)}`;
  return token.replaceAll('-', '+').replaceAll('_', '/');
}

describe('contract fuzz', () => {
  let context: TestContext;
  let sessions: SessionService;
  let apiToken: string;
  const userIds: number[] = [];
  const tokens = new Map<number, string>();
  /** A live session of the user: the last one while it lasts (a call may end it), else a new one. */
  async function liveToken(userId: number): Promise<string> {
    const last = tokens.get(userId);
    if (last !== undefined && typeof (await sessions.resolve(last)) === 'object') return last;
    const token = await sessions.start(userId, 'other');
    tokens.set(userId, token);
    return token;
  }
  /** Requests that reached a handler, by `${method} ${route}`. */
  const reached = new Map<string, number>();

  beforeAll(async () => {
    context = await createTestApp();
    context.app.addHook('preHandler', (request, _reply, done) => {
      const key = `${request.method} ${request.routeOptions.url}`;
      reached.set(key, (reached.get(key) ?? 0) + 1);
      done();
    });
    // Reads the sessions table on every check (no trusted-token window): liveToken must see a
    // session the app ended a moment ago (a fuzzed logout) as ended, as the app itself does.
    sessions = createSessionService(
      createSessionRepository(context.database.db),
      createTokenSigner(TEST_JWT_SECRET),
      () => new Date(),
      { trustMs: 0 },
    );
    // Several users, so per-user limits do not turn most signed-in calls away.
    for (let index = 0; index < 20; index += 1) {
      const login = await loginByPhone(context, `1390000${String(index).padStart(4, '0')}`, {
        remoteAddress: `10.9.0.${index + 1}`,
      });
      userIds.push(login.user.id);
    }
    apiToken = (await call(context, api.config.apiOuth)).datas;
  }, 120_000);
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
    '%s answers in the envelope, never a 5xx, and most requests reach its handler',
    async (name, endpoint) => {
      let runs = 0;
      let handled = 0;
      await fc.assert(
        fc.asyncProperty(plan(endpoint), async (request) => {
          runs += 1;
          const headers: Record<string, string> = {};
          if (request.body?.contentType) headers['content-type'] = request.body.contentType;
          const caller = request.caller;
          if (caller.kind === 'junk') headers.token = caller.token;
          if (caller.kind === 'signedIn' || caller.kind === 'respelt') {
            const token = await liveToken(userIds[runs % userIds.length] ?? 0);
            headers.token = caller.kind === 'respelt' ? respell(token, caller.spelling) : token;
          }
          if (request.sign) Object.assign(headers, zstokv1(apiToken, Date.now(), TEST_API_LOCK_KEY));
          const before = reached.get(name) ?? 0;
          const response = await context.app.inject({
            method: request.method as 'GET',
            url: `${request.path}${request.query ? `?${request.query}` : ''}`,
            headers,
            remoteAddress: request.remoteAddress,
            ...(request.body && request.method !== 'GET' ? { payload: request.body.payload } : {}),
          });
          if ((reached.get(name) ?? 0) > before) handled += 1;

          expect(response.statusCode, response.body).toBeLessThan(500);
          const envelope = anyEnvelope.parse(response.json());
          const kind = responseKind(envelope.code);
          if (request.kind !== 'malformed' && caller.kind === 'signedIn') {
            // A live session must get past the login check (issue 14: login-only handlers only
            // ever saw 004 and 015).
            expect(kind, response.body).not.toBe('sessionInvalid');
          }
          if (response.statusCode === 200) {
            // HTTP 200 carries either a success with valid datas, or a catalogue code the client
            // acts on (spec 1 §8): session-invalid, or a notice such as a refused WeChat code.
            expect(kind).not.toBe('fail');
            if (kind === 'success' || kind === 'successNewUser') {
              expect(endpoint.datas.safeParse(envelope.datas).success, response.body).toBe(true);
            } else {
              expect(envelope.datas).toBeNull();
              expect(envelope.message).toMatch(/[\u4e00-\u9fa5]/);
            }
          } else {
            expect(kind).toBe('fail');
            expect(envelope.message).toMatch(/[\u4e00-\u9fa5]/);
            expect(response.body).not.toMatch(/\bat .+\.(ts|js):\d+/);
          }
        }),
        { numRuns: RUNS, seed: 20261121 },
      );
      expect(runs).toBeGreaterThanOrEqual(RUNS);
      expect(handled / runs, `${handled} of ${runs} requests reached the handler`).toBeGreaterThanOrEqual(
        REACH_SHARE,
      );
      const health = await context.app.inject({ method: 'GET', url: '/healthz' });
      expect(health.statusCode).toBe(200);
    },
    180_000,
  );
});
