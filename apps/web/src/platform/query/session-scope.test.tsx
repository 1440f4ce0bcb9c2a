import { useQuery } from '@tanstack/react-query';
import { act, screen } from '@testing-library/react';
import type { User } from '@zhicai/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { failure, ok, stubApi } from '../../testing/api-stub.ts';
import { demoMenus } from '../../testing/home-fixtures.ts';
import { renderPages } from '../../testing/render.tsx';
import { localStore, useLocalState } from '../session/local-store.ts';
import { endpointQuery } from './endpoint-query.ts';

const users: Record<string, User> = {
  'jwt-a': {
    id: 1,
    nickname: '小明',
    avatar: '',
    phone: '138****8000',
    vipType: 0,
    abTestBatchNo: 'B1',
    createdAt: '2026-01-01T00:00:00Z',
  },
  'jwt-b': {
    id: 2,
    nickname: '小红',
    avatar: '',
    phone: '139****9000',
    vipType: 1,
    abTestBatchNo: 'B1',
    createdAt: '2026-01-02T00:00:00Z',
  },
};

afterEach(() => {
  vi.unstubAllGlobals();
  localStore.getState().setToken(null);
});

/** Who the server sees, and data that is the same for everyone. */
function Page() {
  const token = useLocalState((state) => state.token);
  const info = useQuery(endpointQuery('user.userinfo', {}, { enabled: token !== null }));
  const menus = useQuery(endpointQuery('config.getAppMenus'));
  return (
    <>
      <p>{`user:${info.data?.nickname ?? '--'}`}</p>
      <p>{`menus:${menus.data?.length ?? '--'}`}</p>
    </>
  );
}

function stubServer() {
  return stubApi({
    'user.userinfo': (_params, call) => {
      const user = users[call.headers.get('token') ?? ''];
      return user ? ok(user) : failure();
    },
    'config.getAppMenus': ok(demoMenus),
  });
}

describe('followSession', () => {
  it('drops the previous user at once when another one logs in, and loads the new one', async () => {
    localStore.getState().setToken('jwt-a');
    const server = stubServer();
    const { queryClient } = renderPages('/', { '/': <Page /> });
    await screen.findByText('user:小明');
    await screen.findByText('menus:4');
    const userKey = endpointQuery('user.userinfo', {}).queryKey;
    act(() => {
      localStore.getState().setToken('jwt-b');
      // Gone before anything renders again: the page never shows 小明 to the new session.
      expect(queryClient.getQueryData(userKey)).toBeUndefined();
    });
    expect(screen.queryByText('user:小明')).toBeNull();
    expect(await screen.findByText('user:小红')).toBeTruthy();
    expect(server.requests('user.userinfo').map((call) => call.headers.get('token'))).toEqual([
      'jwt-a',
      'jwt-b',
    ]);
    // Data that does not depend on who is signed in stays.
    expect(server.calls('config.getAppMenus')).toHaveLength(1);
    expect(queryClient.getQueryData(endpointQuery('config.getAppMenus').queryKey)).toHaveLength(4);
  });

  it("forgets the user's data on logout", async () => {
    localStore.getState().setToken('jwt-a');
    stubServer();
    const { queryClient } = renderPages('/', { '/': <Page /> });
    await screen.findByText('user:小明');
    act(() => localStore.getState().setToken(null));
    await screen.findByText('user:--');
    expect(queryClient.getQueryData(endpointQuery('user.userinfo', {}).queryKey)).toBeUndefined();
    expect(queryClient.getQueryData(endpointQuery('config.getAppMenus').queryKey)).toHaveLength(4);
  });
});
