import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { localStore } from '../../../platform/session/local-store.ts';
import { ok, stubApi } from '../../../testing/api-stub.ts';
import { renderPages } from '../../../testing/render.tsx';
import { groups } from '../testing/watchlist-fixtures.ts';
import { WatchlistButton } from './watchlist-button.tsx';

const pages = { '/stock': <WatchlistButton code="600519.SH" name="贵州茅台" /> };

afterEach(() => {
  vi.unstubAllGlobals();
  localStore.getState().setToken(null);
});

describe('WatchlistButton', () => {
  it('sends a signed-out visitor to log in and back', async () => {
    stubApi({ 'watchlist.listOptV3': ok([]) });
    renderPages('/stock?stockCode=600519.SH', pages);
    fireEvent.click(await screen.findByRole('button', { name: '加自选：贵州茅台' }));
    await waitFor(() =>
      expect(screen.getByTestId('destination').textContent).toBe(
        '/bindphone?redirect=%2Fstock%3FstockCode%3D600519.SH',
      ),
    );
  });

  it('adds to 全部, then files it into a group from the picker', async () => {
    localStore.getState().setToken('jwt-watchlist');
    let followed: string[] = [];
    const server = stubApi({
      'watchlist.listOptV3': () => ok(followed),
      'watchlist.optGroupList': ok(groups),
      'watchlist.addOptional': () => {
        followed = ['600519.SH'];
        return ok({ code: '600519.SH', groupIds: [1] });
      },
      'watchlist.groupIds': ok({ code: '600519.SH', groupIds: [1] }),
      'watchlist.changeOpt': ok({ code: '600519.SH', groupIds: [1, 2] }),
    });
    renderPages('/stock?stockCode=600519.SH', pages);
    await waitFor(() => expect(server.calls('watchlist.optGroupList').length).toBe(1));
    fireEvent.click(await screen.findByRole('button', { name: '加自选：贵州茅台' }));
    await waitFor(() => expect(server.calls('watchlist.addOptional')).toEqual([{ code: '600519.SH' }]));
    // The user has groups: the picker opens, and the button now reads 已自选.
    const sheet = await screen.findByRole('dialog', { name: '选择分组' });
    expect(await screen.findByRole('button', { name: '已自选：贵州茅台' })).toBeTruthy();
    fireEvent.click(await within(sheet).findByRole('checkbox', { name: /白酒/ }));
    fireEvent.click(within(sheet).getByRole('button', { name: '完成' }));
    await waitFor(() =>
      expect(server.calls('watchlist.changeOpt')).toEqual([{ code: '600519.SH', groupIds: [2] }]),
    );
  });

  it('removes a followed instrument from every group by 删除自选', async () => {
    localStore.getState().setToken('jwt-watchlist');
    let followed = ['600519.SH'];
    const server = stubApi({
      'watchlist.listOptV3': () => ok(followed),
      'watchlist.optGroupList': ok(groups),
      'watchlist.groupIds': ok({ code: '600519.SH', groupIds: [1, 2] }),
      'watchlist.delOptional': () => {
        followed = [];
        return ok({ removed: 2 });
      },
    });
    renderPages('/stock?stockCode=600519.SH', pages);
    fireEvent.click(await screen.findByRole('button', { name: '已自选：贵州茅台' }));
    const sheet = await screen.findByRole('dialog', { name: '选择分组' });
    expect(((await within(sheet).findByRole('checkbox', { name: /白酒/ })) as HTMLInputElement).checked).toBe(
      true,
    );
    fireEvent.click(within(sheet).getByRole('button', { name: '删除自选' }));
    await waitFor(() => expect(server.calls('watchlist.delOptional')).toEqual([{ code: '600519.SH' }]));
    expect(await screen.findByRole('button', { name: '加自选：贵州茅台' })).toBeTruthy();
  });
});
