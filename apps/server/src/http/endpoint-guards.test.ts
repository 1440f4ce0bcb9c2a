import { allEndpoints, defineEndpoint, defineGroup } from '@zhicai/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { call, callRefused, callSettled } from '../test/call.ts';
import { loginByPhone } from '../test/login.ts';
import { createTestApp, type TestContext } from '../test/test-app.ts';
import { registerEndpoint } from './register-endpoint.ts';

// The endpoint metadata of the contract (auth, rateLimit) is enforced by registerEndpoint before a
// handler runs; these probes count how often their handler was entered.
const probes = defineGroup('probe', {
  required: defineEndpoint({
    method: 'GET',
    path: '/api/v2/probe/required',
    auth: 'required',
    summary: '测试',
    datas: z.number(),
  }),
  optional: defineEndpoint({
    method: 'GET',
    path: '/api/v2/probe/optional',
    auth: 'optional',
    summary: '测试',
    datas: z.number().nullable(),
  }),
  limited: defineEndpoint({
    method: 'GET',
    path: '/api/v2/probe/limited',
    auth: 'optional',
    rateLimit: 'session',
    summary: '测试',
    datas: z.null(),
  }),
});

let context: TestContext;
let entered: number;
beforeEach(async () => {
  entered = 0;
  context = await createTestApp();
  registerEndpoint(context.app, probes.required, async ({ user }) => {
    entered += 1;
    return user.userId;
  });
  registerEndpoint(context.app, probes.optional, async ({ user }) => {
    entered += 1;
    return user?.userId ?? null;
  });
  registerEndpoint(context.app, probes.limited, async () => {
    entered += 1;
    return null;
  });
});
afterEach(async () => {
  await context.close();
});

describe('endpoint guards', () => {
  it('refuses a login-only call before its handler runs, and hands the handler the signed-in user', async () => {
    expect((await callRefused(context, probes.required)).code).toBe('004');
    expect((await callRefused(context, probes.required, {}, { token: 'forged' })).code).toBe('015');
    expect(entered).toBe(0);
    const { token, user } = await loginByPhone(context, '13900002222');
    expect(await call(context, probes.required, {}, { token })).toMatchObject({
      code: '000',
      datas: user.id,
    });
    expect(entered).toBe(1);
  });

  it('lets a visitor or a stale token through an optional call as no user', async () => {
    expect(await call(context, probes.optional, {}, { token: 'forged' })).toMatchObject({
      code: '000',
      datas: null,
    });
    const { token, user } = await loginByPhone(context, '13900003333');
    expect((await call(context, probes.optional, {}, { token })).datas).toBe(user.id);
  });

  it("counts a limited call per IP before the handler, whoever's token it carries", async () => {
    const answers = [];
    for (let index = 0; index < 40; index += 1)
      answers.push((await callSettled(context, probes.limited, {}, { remoteAddress: '192.0.2.1' })).code);
    const allowed = answers.filter((code) => code === '000').length;
    expect(allowed).toBeGreaterThan(0);
    expect(answers.slice(allowed).every((code) => code === '-002')).toBe(true);
    expect(entered).toBe(allowed);
  });
});

describe('the OpenAPI document', () => {
  it('marks the calls that need a login with the token scheme, and only those', async () => {
    const document = (await context.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    expect(document.components.securitySchemes.token).toEqual({
      type: 'apiKey',
      in: 'header',
      name: 'token',
    });
    for (const endpoint of allEndpoints) {
      const operation =
        document.paths[endpoint.path.replace(/:(\w+)/g, '{$1}')]?.[endpoint.method.toLowerCase()];
      expect(operation, endpoint.path).toBeDefined();
      const security = JSON.stringify(operation.security ?? []);
      if (endpoint.auth === 'required') expect(security, endpoint.path).toBe('[{"token":[]}]');
      else if (endpoint.auth === 'optional') expect(security, endpoint.path).toBe('[{},{"token":[]}]');
      else expect(security, endpoint.path).toBe('[]');
    }
  });
});
