import type { InfiniteData } from '@tanstack/react-query';
import type { AppMenu, DayKDatas, User } from '@zhicai/contract';
import { expectTypeOf, test } from 'vitest';
import { type EndpointName, request } from '../request/request.ts';
import {
  type EndpointData,
  type EndpointParams,
  endpointInfiniteQuery,
  endpointQuery,
  endpointQueryKey,
  type GroupOf,
  type PagedEndpointName,
  useEndpointMutation,
} from './endpoint-query.ts';

// Compiled by `tsc -b` (npm test, npm run check): a change that loosens these types fails the type
// check. The calls are never run.
test('endpoint names are the contract’s, group.endpoint', () => {
  expectTypeOf<'fund.baseInfo'>().toExtend<EndpointName>();
  expectTypeOf<'market.dayKV2'>().toExtend<EndpointName>();
  expectTypeOf<'fund.base'>().not.toExtend<EndpointName>();
  expectTypeOf<'/api/v2/fund/baseInfo'>().not.toExtend<EndpointName>();
  expectTypeOf<GroupOf<'fund.baseInfo'>>().toEqualTypeOf<'fund'>();
  expectTypeOf<EndpointData<'config.getAppMenus'>>().toEqualTypeOf<AppMenu[]>();
  expectTypeOf<EndpointData<'market.dayKV2'>>().toEqualTypeOf<DayKDatas>();
  expectTypeOf<'index.constituents'>().toExtend<PagedEndpointName>();
  expectTypeOf<'market.getRank'>().toExtend<PagedEndpointName>();
  expectTypeOf<'fund.baseInfo'>().not.toExtend<PagedEndpointName>();
});

test('request takes each endpoint’s own params and answers its datas', () => {
  expectTypeOf(request('user.userinfo', {})).resolves.toEqualTypeOf<User>();
  expectTypeOf(request('config.getAppMenus')).resolves.toEqualTypeOf<AppMenu[]>();
  // The code of a `/api/v4/dayKV2/:code` path is a param like any other.
  expectTypeOf<EndpointParams<'market.dayKV2'>>().toHaveProperty('code').toEqualTypeOf<string>();
  void (() => {
    // @ts-expect-error: no endpoint has this name
    void request('fund.base', { code: '005827.OF' });
    // @ts-expect-error: a URL is not a name
    void request('/api/v2/fund/baseInfo', { code: '005827.OF' });
    // @ts-expect-error: fund.baseInfo needs its code
    void request('fund.baseInfo');
    // @ts-expect-error: fund.baseInfo takes a code, not an id
    void request('fund.baseInfo', { id: '005827.OF' });
    // @ts-expect-error: navHistory's range is one of the contract's ranges
    void request('fund.navHistory', { code: '005827.OF', range: '2Y' });
  });
});

test('endpointQuery keys and types a call by its endpoint', () => {
  const options = endpointQuery('fund.baseInfo', { code: '005827.OF' }, { staleTime: 60_000 });
  expectTypeOf(options.queryKey[0]).toEqualTypeOf<'fund'>();
  expectTypeOf(options.queryFn).returns.resolves.toEqualTypeOf<EndpointData<'fund.baseInfo'>>();
  expectTypeOf(endpointQuery('config.getAppMenus').queryKey).toExtend<readonly ['config', string, object]>();
  expectTypeOf(endpointQueryKey('report.finreportQuick', { code: '600519.SH' })[2]).toExtend<
    Partial<EndpointParams<'report.finreportQuick'>>
  >();
  void (() => {
    // @ts-expect-error: no endpoint has this name
    endpointQuery('fund.baseInf', { code: '005827.OF' });
    // @ts-expect-error: fund.baseInfo needs its params
    endpointQuery('fund.baseInfo');
    // @ts-expect-error: pepb's type is pe or pb
    endpointQuery('stock.pepb', { code: '600519.SH', type: 'ps', years: '5Y' });
    // @ts-expect-error: an endpoint without params takes none
    endpointQuery('config.getAppMenus', { page: 1 });
    // @ts-expect-error: the key and the fetcher come from the name, not from the options
    endpointQuery('fund.fees', { code: '005827.OF' }, { queryKey: ['fees'] });
  });
});

test('endpointInfiniteQuery pages list endpoints only, and leaves the page to itself', () => {
  const options = endpointInfiniteQuery('index.constituents', { code: '000300.SH', size: 20 });
  expectTypeOf(options.select)
    .parameter(0)
    .toEqualTypeOf<InfiniteData<EndpointData<'index.constituents'>, number>>();
  void (() => {
    // @ts-expect-error: baseInfo is not a list of pages
    endpointInfiniteQuery('fund.baseInfo', { code: '005827.OF' });
    // @ts-expect-error: the id of the ranking is required
    endpointInfiniteQuery('market.getRank', { order: 'desc' });
  });
});

test('useEndpointMutation sends the endpoint’s params and names contract groups to invalidate', () => {
  void (() => {
    const rename = useEndpointMutation('user.editUserInfo', { invalidates: ['market'] });
    expectTypeOf(rename.mutate).parameter(0).toEqualTypeOf<EndpointParams<'user.editUserInfo'>>();
    expectTypeOf(rename.data).toEqualTypeOf<User | undefined>();
    // @ts-expect-error: no group has this name
    useEndpointMutation('user.editUserInfo', { invalidates: ['users'] });
    // @ts-expect-error: a push setting's key is one of the contract's keys
    useEndpointMutation('alert.pushSet').mutate({ key: 'sound', enabled: true });
  });
});
