import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../platform/request/api-error.ts';
import { request } from '../platform/request/request.ts';
import { localStore } from '../platform/session/local-store.ts';
import { failure, ok, type StubRoutes, stubApi } from './api-stub.ts';
import { demoMenus } from './home-fixtures.ts';
import { throwStubProblems } from './stub-problems.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  localStore.getState().setToken(null);
});

const dayK = { list: [], factors: [], floatShares: [] };

describe('stubApi', () => {
  it('answers a call by its endpoint, with the params the server would parse', async () => {
    const server = stubApi({
      'market.dayKV2': (params) => (params.code === '510300.SH' ? ok(dayK) : failure('404', '没有这只证券')),
      'market.getRank': (params) =>
        ok({ total: 0, name: `${params.id} ${params.order} ${params.page}`, list: [] }),
    });
    // The code of /api/v4/dayKV2/:code travels as 510300SH and comes back with its dot.
    await expect(request('market.dayKV2', { code: '510300.SH' })).resolves.toEqual(dayK);
    // Defaults and coercions of the contract's query schema apply: page is a number, order desc.
    await expect(request('market.getRank', { id: 'fund_y1', page: 2 })).resolves.toMatchObject({
      name: 'fund_y1 desc 2',
    });
    expect(server.calls('market.dayKV2').map((params) => params.code)).toEqual(['510300.SH']);
    expect(server.names()).toEqual(['market.dayKV2', 'market.getRank']);
  });

  it('reads a POST body and the headers the client sent', async () => {
    localStore.getState().setToken('jwt');
    const server = stubApi({ 'user.editUserInfo': failure() });
    await request('user.editUserInfo', { nickname: '小红' }).catch(() => undefined);
    expect(server.calls('user.editUserInfo')).toEqual([{ nickname: '小红' }]);
    const [edit] = server.requests('user.editUserInfo');
    expect(edit?.method).toBe('POST');
    expect(edit?.headers.get('token')).toBe('jwt');
  });

  it('answers 404 for an endpoint it was not given, as the server does for an unknown path', async () => {
    stubApi({});
    const error = await request('config.getAppMenus').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe('404');
  });

  it('answers failures with their code, message and status', async () => {
    stubApi({ 'config.getAppMenus': failure('503', '服务暂时不可用，请稍后再试', 503) });
    const error = (await request('config.getAppMenus').catch((caught: unknown) => caught)) as ApiError;
    expect([error.code, error.message, error.status]).toEqual(['503', '服务暂时不可用，请稍后再试', 503]);
  });

  it('refuses a fixture that drifted from the contract where it is given', () => {
    const drifted = { 'config.getAppMenus': ok([{ ...demoMenus[0], badge: 1 }]) } as unknown as StubRoutes;
    expect(() => stubApi(drifted)).toThrow(/config\.getAppMenus do not match the contract/);
    expect(() => stubApi({ 'config.getMenus': ok([]) } as unknown as StubRoutes)).toThrow(
      /no endpoint config\.getMenus/,
    );
  });

  it('fails the test when an answer function drifts, though the page only saw an error', async () => {
    stubApi({ 'config.getAppMenus': () => ok([{ id: 'one' }] as never) });
    await expect(request('config.getAppMenus')).rejects.toBeInstanceOf(ApiError);
    expect(() => throwStubProblems()).toThrow(/config\.getAppMenus do not match the contract/);
  });

  it('fails the test when the client sends params the server would refuse', async () => {
    stubApi({ 'fund.baseInfo': failure() });
    await expect(request('fund.baseInfo', { code: '' })).rejects.toMatchObject({ code: '400' });
    expect(() => throwStubProblems()).toThrow(/fund\.baseInfo\) would be refused by the server/);
  });
});
