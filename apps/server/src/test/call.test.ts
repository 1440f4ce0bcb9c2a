import { Codes, defineEndpoint, defineGroup, pathInstrumentCode } from '@zhicai/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AppError } from '../http/app-error.ts';
import { preparedAnswer, registerEndpoint } from '../http/register-endpoint.ts';
import { call, callRefused, callSettled } from './call.ts';
import { createTestApp, type TestContext } from './test-app.ts';

// Test-only endpoints: a signed one, one with a path code, one whose answer drifts from its
// schema (a prepared answer skips the serializer, as realTime's does), one whose envelope carries a
// key beside code, message and datas, and one that always refuses.
const probes = defineGroup('test', {
  signed: defineEndpoint({
    method: 'GET',
    path: '/api/v3/test/signed',
    auth: 'none',
    summary: '测试',
    query: z.object({ word: z.string() }),
    datas: z.string(),
  }),
  pathCode: defineEndpoint({
    method: 'GET',
    path: '/api/v4/test/code/:code',
    auth: 'none',
    summary: '测试',
    params: z.object({ code: pathInstrumentCode }),
    datas: z.string(),
  }),
  drifting: defineEndpoint({
    method: 'POST',
    path: '/api/v2/test/drifting',
    auth: 'none',
    summary: '测试',
    datas: z.object({ price: z.number() }),
  }),
  extraKey: defineEndpoint({
    method: 'GET',
    path: '/api/v2/test/extra-key',
    auth: 'none',
    summary: '测试',
    datas: z.number(),
  }),
  refusing: defineEndpoint({
    method: 'GET',
    path: '/api/v2/test/refusing',
    auth: 'none',
    summary: '测试',
    datas: z.null(),
  }),
});

const NOW = Date.parse('2026-03-02T02:00:00.123Z');
let context: TestContext;
beforeAll(async () => {
  // The app's clock is far from the real time: the signature must be made at the app's time.
  context = await createTestApp({ clock: () => new Date(NOW) });
  registerEndpoint(context.app, probes.signed, async ({ query }) => query.word);
  registerEndpoint(context.app, probes.pathCode, async ({ params }) => params.code);
  registerEndpoint(context.app, probes.drifting, async () =>
    preparedAnswer(JSON.stringify({ code: '000', message: '成功', datas: { price: '12.5' } })),
  );
  registerEndpoint(context.app, probes.extraKey, async () =>
    preparedAnswer(JSON.stringify({ code: '000', message: '成功', datas: 1, debug: 'trace' })),
  );
  registerEndpoint(context.app, probes.refusing, async () => {
    throw new AppError(Codes.notFound, '没有', 404);
  });
});
afterAll(async () => {
  await context.close();
});

describe('call', () => {
  it('signs a /v3/ call at the app clock, which the API lock refuses unsigned', async () => {
    const answer = await call(context, probes.signed, { query: { word: 'ok' } });
    expect(answer).toMatchObject({ status: 200, code: '000', message: '成功', datas: 'ok' });
    const unsigned = await callRefused(context, probes.signed, { query: { word: 'ok' } }, { unsigned: true });
    expect(unsigned).toMatchObject({ status: 403, code: '403' });
  });

  it('fills a path code as the web client does, without its dot in an /api/v4/ path', async () => {
    expect((await call(context, probes.pathCode, { params: { code: '510300.SH' } })).datas).toBe('510300.SH');
  });

  it('fails the test when datas drift from the contract', async () => {
    await expect(call(context, probes.drifting)).rejects.toThrow(/test\.drifting answered datas that break/);
  });

  it('fails the test when the envelope carries a key beside code, message and datas', async () => {
    await expect(call(context, probes.extraKey)).rejects.toThrow(/test\.extraKey answered no envelope/);
  });

  it('fails the test when a call that should succeed is refused, and the reverse', async () => {
    await expect(call(context, probes.refusing)).rejects.toThrow(/test\.refusing answered HTTP 404/);
    await expect(callRefused(context, probes.pathCode, { params: { code: '510300SH' } })).rejects.toThrow(
      /expected to refuse/,
    );
    expect(await callRefused(context, probes.refusing)).toMatchObject({
      status: 404,
      code: Codes.notFound,
      message: '没有',
    });
  });
});

describe('callSettled', () => {
  it('answers a success or a refusal, telling which, and still fails on drifting datas', async () => {
    expect(await callSettled(context, probes.pathCode, { params: { code: '510300.SH' } })).toMatchObject({
      ok: true,
      status: 200,
      code: '000',
      datas: '510300.SH',
    });
    expect(await callSettled(context, probes.refusing)).toMatchObject({
      ok: false,
      status: 404,
      code: Codes.notFound,
      message: '没有',
      datas: null,
    });
    await expect(callSettled(context, probes.drifting)).rejects.toThrow(/test\.drifting answered datas/);
  });
});
