import { Codes, defineEndpoint, defineGroup } from '@zhicai/contract';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestContext } from '../test/test-app.ts';
import { registerEndpoint } from './register-endpoint.ts';

// An endpoint whose schemas count their builds: a restart registers every route without building
// any schema, and the first request builds (and validates with) the ones it needs.
const builds = { query: 0, body: 0, datas: 0 };
const probes = defineGroup('probe', {
  quote: defineEndpoint({
    method: 'POST',
    path: '/api/v2/probe/quote',
    auth: 'none',
    summary: '测试',
    query: () => {
      builds.query += 1;
      return z.object({ code: z.string().regex(/^\d{6}\.(SH|SZ)$/) });
    },
    body: () => {
      builds.body += 1;
      return z.object({ size: z.coerce.number().int().min(1) });
    },
    datas: () => {
      builds.datas += 1;
      return z.object({ code: z.string(), size: z.number() });
    },
  }),
  extra: defineEndpoint({
    method: 'GET',
    path: '/api/v2/probe/extra',
    auth: 'none',
    summary: '测试',
    datas: () => z.object({ price: z.number() }),
  }),
});

let context: TestContext;
let answered: number;
const logLines: Record<string, unknown>[] = [];
beforeAll(async () => {
  answered = 0;
  context = await createTestApp({
    logger: pino({ level: 'info' }, { write: (line: string) => logLines.push(JSON.parse(line)) }),
  });
  registerEndpoint(context.app, probes.quote, async ({ query, body }) => {
    answered += 1;
    return { code: query.code, size: body.size };
  });
  // A handler that returns more than the contract names (a server-side field).
  registerEndpoint(context.app, probes.extra, async () => ({ price: 1, cost: 0.5 }) as { price: number });
  await context.app.ready();
});
afterAll(async () => {
  await context.close();
});

describe('contract schemas on the routes', () => {
  it('are built on the first request, which they validate, and not before', async () => {
    expect(builds).toEqual({ query: 0, body: 0, datas: 0 });
    const refused = await context.app.inject({
      method: 'POST',
      url: '/api/v2/probe/quote?code=600519',
      payload: { size: 2 },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: Codes.invalidParams, datas: null });
    expect(refused.json().message).toContain('code');
    expect(answered).toBe(0);

    const served = await context.app.inject({
      method: 'POST',
      url: '/api/v2/probe/quote?code=600519.SH',
      payload: { size: '2' },
    });
    expect(served.json()).toEqual({
      code: '000',
      message: expect.any(String),
      datas: { code: '600519.SH', size: 2 },
    });
    expect(builds).toEqual({ query: 1, body: 1, datas: 1 });
  });

  it('serialise answers with the datas schema, dropping what it does not name', async () => {
    const answer = await context.app.inject({ method: 'GET', url: '/api/v2/probe/extra' });
    expect(answer.json().datas).toEqual({ price: 1 });
  });

  it('appear in the OpenAPI document: query, body and answer', async () => {
    const document = (await context.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const operation = document.paths['/api/v2/probe/quote'].post;
    expect(operation.parameters).toEqual([
      expect.objectContaining({ name: 'code', in: 'query', required: true }),
    ]);
    expect(operation.requestBody.content['application/json'].schema.properties.size).toBeDefined();
    const answer = operation.responses['200'].content['application/json'].schema;
    expect(Object.keys(answer.properties.datas.properties)).toEqual(['code', 'size']);
  });

  it('log what building them took, once, when the OpenAPI document has built them all', async () => {
    await context.app.inject({ method: 'GET', url: '/api/openapi.json' });
    await context.app.inject({ method: 'GET', url: '/api/openapi.json' });
    const costLines = logLines.filter((line) => line.msg === 'start work after listen');
    expect(costLines).toEqual([
      expect.objectContaining({ what: 'route schemas built on first use', cpuMs: expect.any(Number) }),
    ]);
    const cost = costLines[0] as { schemas: number; registered: number; cpuMs: number };
    // Every contract route registers its schemas; the document builds each one.
    expect(cost.registered).toBeGreaterThan(200);
    expect(cost.schemas).toBe(cost.registered);
    expect(cost.cpuMs).toBeGreaterThan(0);
  });
});
