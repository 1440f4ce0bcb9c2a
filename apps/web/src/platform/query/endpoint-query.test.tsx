import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import type { User } from '@zhicai/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type EndpointAnswer, failure, ok, stubApi } from '../../testing/api-stub.ts';
import { demoMenus, demoPopup } from '../../testing/home-fixtures.ts';
import { renderPages, testQueryClient } from '../../testing/render.tsx';
import { localStore } from '../session/local-store.ts';
import {
  endpointInfiniteQuery,
  endpointQuery,
  endpointQueryKey,
  type GroupName,
  hasParams,
  nextPage,
  paramsOf,
  useEndpointMutation,
} from './endpoint-query.ts';

const user: User = {
  id: 10086,
  nickname: '小明',
  avatar: '',
  phone: '138****8000',
  vipType: 1,
  abTestBatchNo: 'B1',
  createdAt: '2026-01-01T00:00:00Z',
};

const rankNames = [
  { id: 'fund_y1', name: '近1年收益', kind: 'fund', sortLabel: '近1年', figure: 'gain' },
] as const;

afterEach(() => {
  vi.unstubAllGlobals();
  localStore.getState().setToken(null);
});

describe('endpointQueryKey', () => {
  it('keys a call [group, endpoint, params]', () => {
    expect(endpointQueryKey('fund.baseInfo', { code: '005827.OF' })).toEqual([
      'fund',
      'baseInfo',
      { code: '005827.OF' },
    ]);
    expect(endpointQueryKey('config.getAppMenus')).toEqual(['config', 'getAppMenus', {}]);
    expect(paramsOf(endpointQueryKey('stock.pepb', { code: '600519.SH', type: 'pe', years: '5Y' }))).toEqual({
      code: '600519.SH',
      type: 'pe',
      years: '5Y',
    });
    expect(paramsOf(['legacy'])).toEqual({});
  });

  it('filters by group, endpoint and some params, as TanStack Query matches keys', async () => {
    const client = testQueryClient();
    const seed = (key: readonly unknown[]) => client.setQueryData(key, 1);
    seed(endpointQueryKey('report.finreportQuick', { code: '600519.SH', reportPeriod: '20231231' }));
    seed(endpointQueryKey('report.finreportQuick', { code: '600519.SH', reportPeriod: '20240630' }));
    seed(endpointQueryKey('report.finreportQuick', { code: '000001.SZ', reportPeriod: '20231231' }));
    seed(endpointQueryKey('stock.stockIntro', { code: '600519.SH' }));
    seed(endpointQueryKey('fund.baseInfo', { code: '005827.OF' }));
    const count = (filters: Parameters<typeof client.getQueriesData>[0]) =>
      client.getQueriesData(filters).length;
    expect(count({ queryKey: endpointQueryKey('report.finreportQuick', { code: '600519.SH' }) })).toBe(2);
    expect(count({ queryKey: endpointQueryKey('report.finreportQuick') })).toBe(3);
    expect(count({ queryKey: ['report'] })).toBe(3);
    // Whatever the endpoint: everything one instrument's page shows.
    expect(count({ predicate: hasParams({ code: '600519.SH' }) })).toBe(3);
    expect(count({ predicate: hasParams({ code: '600519.SH', reportPeriod: '20240630' }) })).toBe(1);
  });
});

describe('endpointQuery', () => {
  function Popup({ page }: { page: '/' | null }) {
    const query = useQuery(endpointQuery('promo.popup', { page: '/' }, { enabled: page !== null }));
    return <p>{query.data === undefined ? query.status : `popup:${query.data?.url ?? 'none'}`}</p>;
  }

  it('fetches through the request wrapper and caches under the endpoint key', async () => {
    const server = stubApi({ 'promo.popup': (params) => ok(params.page === '/' ? demoPopup : null) });
    const { queryClient } = renderPages('/', { '/': <Popup page="/" /> });
    expect(await screen.findByText('popup:/newUserParty')).toBeTruthy();
    expect(server.calls('promo.popup')).toEqual([{ page: '/' }]);
    expect(queryClient.getQueryData(endpointQuery('promo.popup', { page: '/' }).queryKey)).toEqual(demoPopup);
  });

  it('takes the query options it is given', async () => {
    const server = stubApi({ 'promo.popup': ok(demoPopup) });
    renderPages('/', { '/': <Popup page={null} /> });
    expect(await screen.findByText('pending')).toBeTruthy();
    expect(server.fetch).not.toHaveBeenCalled();
  });
});

describe('endpointInfiniteQuery', () => {
  function Constituents() {
    const query = useInfiniteQuery(
      endpointInfiniteQuery('index.constituents', {
        code: '000300.SH',
        sort: 'weight',
        order: 'desc',
        size: 2,
      }),
    );
    const rows = query.data?.pages.flatMap((page) => page.list) ?? [];
    return (
      <>
        <p>{`rows:${rows.map((row) => row.code).join(',')}`}</p>
        {query.hasNextPage ? (
          <button type="button" onClick={() => void query.fetchNextPage()}>
            加载更多
          </button>
        ) : (
          <p>已全部加载</p>
        )}
      </>
    );
  }

  it('asks page after page until every row is loaded, under its own key', async () => {
    const codes = ['600000.SH', '600001.SH', '600002.SH'];
    const server = stubApi({
      'index.constituents': ({ page, size }) =>
        ok({
          total: codes.length,
          list: codes
            .slice((page - 1) * size, page * size)
            .map((code) => ({ code, name: code, weight: 0.01, price: 10, chgPct: 0 })),
        }),
    });
    const { queryClient } = renderPages('/', { '/': <Constituents /> });
    await screen.findByText('rows:600000.SH,600001.SH');
    fireEvent.click(screen.getByRole('button', { name: '加载更多' }));
    await screen.findByText('rows:600000.SH,600001.SH,600002.SH');
    expect(screen.getByText('已全部加载')).toBeTruthy();
    expect(server.calls('index.constituents').map((params) => params.page)).toEqual([1, 2]);
    // The pages sit apart from a one-page query with the same params, yet group filters reach them.
    expect(
      queryClient
        .getQueryCache()
        .findAll({ queryKey: ['index'] })
        .map((query) => query.queryKey),
    ).toEqual([
      ['index', 'constituents', { code: '000300.SH', sort: 'weight', order: 'desc', size: 2 }, 'pages'],
    ]);
  });

  it('stops at the total, and at an empty page', () => {
    const page = (rows: number, total: number) => ({ total, list: Array.from({ length: rows }) });
    expect(nextPage(page(20, 45), [page(20, 45)])).toBe(2);
    expect(nextPage(page(5, 45), [page(20, 45), page(20, 45), page(5, 45)])).toBeUndefined();
    // A server that counts more rows than it sends must not make the list ask forever.
    expect(nextPage(page(0, 45), [page(20, 45), page(0, 45)])).toBeUndefined();
  });
});

describe('useEndpointMutation', () => {
  /** A page showing data of three groups, and a write of the user group. */
  function Profile({ invalidates }: { invalidates?: readonly GroupName[] }) {
    const info = useQuery(endpointQuery('user.userinfo', {}));
    const ranks = useQuery(endpointQuery('market.getRankNames', {}));
    const menus = useQuery(endpointQuery('config.getAppMenus'));
    const rename = useEndpointMutation('user.editUserInfo', { invalidates });
    return (
      <>
        <p>{`name:${info.data?.nickname ?? '--'}`}</p>
        <p>{`ranks:${ranks.data?.length ?? '--'} menus:${menus.data?.length ?? '--'}`}</p>
        <p>{`status:${rename.status}`}</p>
        <button type="button" onClick={() => rename.mutate({ nickname: '小红' })}>
          改名
        </button>
      </>
    );
  }

  function stubProfile(renamed: () => EndpointAnswer<'user.editUserInfo'>) {
    let nickname = user.nickname;
    return stubApi({
      'user.userinfo': () => ok({ ...user, nickname }),
      'user.editUserInfo': (params) => {
        const answer = renamed();
        if (answer.code !== '000') return answer;
        nickname = params.nickname ?? nickname;
        return ok({ ...user, nickname });
      },
      'market.getRankNames': ok([...rankNames]),
      'config.getAppMenus': ok(demoMenus),
    });
  }

  it('invalidates its own group and the listed ones after a success, and nothing else', async () => {
    localStore.getState().setToken('jwt');
    const server = stubProfile(() => ok(user));
    renderPages('/', { '/': <Profile invalidates={['market']} /> });
    await screen.findByText('name:小明');
    await screen.findByText('ranks:1 menus:4');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: '改名' }));
    });
    expect(await screen.findByText('name:小红')).toBeTruthy();
    await screen.findByText('status:success');
    expect(server.calls('user.editUserInfo')).toEqual([{ nickname: '小红' }]);
    expect(server.calls('user.userinfo')).toHaveLength(2);
    expect(server.calls('market.getRankNames')).toHaveLength(2);
    expect(server.calls('config.getAppMenus')).toHaveLength(1);
  });

  it('invalidates nothing when the write fails', async () => {
    localStore.getState().setToken('jwt');
    const server = stubProfile(() => failure('999', '系统繁忙，请稍后再试'));
    renderPages('/', { '/': <Profile invalidates={['market']} /> });
    await screen.findByText('name:小明');
    await screen.findByText('ranks:1 menus:4');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: '改名' }));
    });
    await screen.findByText('status:error');
    expect(server.calls('user.userinfo')).toHaveLength(1);
    expect(server.calls('market.getRankNames')).toHaveLength(1);
  });

  it("runs the caller's onSuccess before the groups reload", async () => {
    localStore.getState().setToken('jwt-old');
    const seen: string[] = [];
    const server = stubApi({
      'user.userinfo': (_params, call) => {
        seen.push(call.headers.get('token') ?? '');
        return ok(user);
      },
      'user.bindPhone': ok({ token: 'jwt-new', user }),
    });
    function Login() {
      const info = useQuery(endpointQuery('user.userinfo', {}));
      const login = useEndpointMutation('user.bindPhone', {
        onSuccess: (result) => localStore.getState().setToken(result.token),
      });
      return (
        <>
          <p>{`name:${info.data?.nickname ?? '--'}`}</p>
          <button type="button" onClick={() => login.mutate({ phone: '13800138000', code: '123456' })}>
            登录
          </button>
        </>
      );
    }
    renderPages('/', { '/': <Login /> });
    await screen.findByText('name:小明');
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    await waitFor(() => expect(seen.at(-1)).toBe('jwt-new'));
    expect(seen[0]).toBe('jwt-old');
    expect(seen.slice(1).every((token) => token === 'jwt-new')).toBe(true);
    expect(server.calls('user.bindPhone')).toEqual([{ phone: '13800138000', code: '123456' }]);
  });
});
