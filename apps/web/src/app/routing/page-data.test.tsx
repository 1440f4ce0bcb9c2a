import { screen } from '@testing-library/react';
import type { Flash } from '@zhicai/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import SevenElevenPage from '../../features/content/flash/pages/seven-eleven-page.tsx';
import FavoritePage from '../../features/watchlist/pages/favorite-page.tsx';
import { average, columns, groups, rowOf } from '../../features/watchlist/testing/watchlist-fixtures.ts';
import { localStore } from '../../platform/session/local-store.ts';
import { ok, stubApi } from '../../testing/api-stub.ts';
import { renderPages } from '../../testing/render.tsx';
import { startPageData } from './page-data.ts';

/**
 * The shell starts a page's first call beside its chunk (page-data.ts) with the params the page
 * will ask for. These tests open each listed page with its early call started, as the app does, and
 * count the calls: one means the page found the early call in flight (same query key); a page whose
 * default tab, sort or filter changed without page-data.ts would make a second call, and the early
 * one would have been wasted.
 */

afterEach(() => {
  vi.unstubAllGlobals();
  localStore.getState().setToken(null);
});

const flash: Flash = {
  id: 7,
  time: Date.parse('2026-11-20T02:31:00Z'),
  title: '沪深300站上4000点',
  body: '沪深300指数盘中站上4000点。',
  importance: 2,
  instruments: [],
  sectors: [],
  source: 'demo',
};

describe('the early first call of a page', () => {
  it('is the call /favorite makes for its first content (全部, the user’s own order)', async () => {
    localStore.getState().setToken('jwt-page-data');
    const api = stubApi({
      'watchlist.optGroupList': ok(groups),
      'watchlist.sortGet': ok(columns),
      'watchlist.sortGetHk': ok(columns),
      'watchlist.avgChg': ok(average),
      'watchlist.listOptionalV4Items': ok({ groupId: 1, seq: 1, items: [rowOf('600519.SH')] }),
      'watchlist.listOptV3': ok(['600519.SH']),
      'market.riseFallCapitals': ok([]),
    });
    const { queryClient } = renderPages('/favorite', { '/favorite': <FavoritePage /> });
    await startPageData(queryClient, { pathname: '/favorite', search: '' });

    expect(await screen.findByRole('button', { name: '贵州茅台 600519.SH' })).toBeTruthy();
    expect(api.calls('watchlist.listOptionalV4Items')).toHaveLength(1);
  });

  it('is the call /SevenEleven makes for its first content (全部, narrowed by ?code=)', async () => {
    const api = stubApi({ 'content.newsList': ok({ list: [flash], lastId: null }) });
    const { queryClient } = renderPages('/SevenEleven?code=600519.sh', {
      '/SevenEleven': <SevenElevenPage />,
    });
    await startPageData(queryClient, { pathname: '/SevenEleven', search: '?code=600519.sh' });

    expect(await screen.findByText('沪深300站上4000点')).toBeTruthy();
    expect(api.calls('content.newsList')).toHaveLength(1);
  });

  it('starts nothing for a signed-out visitor of /favorite, who sees the login prompt', async () => {
    const api = stubApi({});
    const { queryClient } = renderPages('/favorite', { '/favorite': <FavoritePage /> });
    await startPageData(queryClient, { pathname: '/favorite', search: '' });

    expect(await screen.findByRole('region', { name: '未登录' })).toBeTruthy();
    expect(api.names().filter((name) => name.startsWith('watchlist.'))).toEqual([]);
  });
});
