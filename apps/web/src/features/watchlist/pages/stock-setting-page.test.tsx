import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { localStore } from '../../../platform/session/local-store.ts';
import { ok, stubApi } from '../../../testing/api-stub.ts';
import { renderPages } from '../../../testing/render.tsx';
import { groups, rowOf } from '../testing/watchlist-fixtures.ts';
import StockSettingPage from './stock-setting-page.tsx';

const pages = { '/StockSetting': <StockSettingPage /> };
const { code, name, type, groupId, pinned, remark, addedAt, addedPrice, holding } = rowOf('600519.SH');
const item = { code, name, type, groupId, pinned, remark, addedAt, addedPrice, holding };

beforeEach(() => localStore.getState().setToken('jwt-watchlist'));
afterEach(() => {
  vi.unstubAllGlobals();
  localStore.getState().setToken(null);
});

describe('/StockSetting', () => {
  it('saves the groups, the remark and the holding of one instrument', async () => {
    const server = stubApi({
      'watchlist.listOptV4': ok({ groupId: 1, items: [item] }),
      'watchlist.optGroupList': ok(groups),
      'watchlist.groupIds': ok({ code: '600519.SH', groupIds: [1] }),
      'watchlist.changeOpt': ok({ code: '600519.SH', groupIds: [1, 2] }),
      'watchlist.remark': ok({ code: '600519.SH', remark: '长线' }),
      'watchlist.holding': ok({ code: '600519.SH', holding: { shares: 100, cost: 1450 } }),
    });
    renderPages('/StockSetting?code=600519.SH', pages);
    expect((await screen.findByText(/加入自选，当时价格 1500\.00/)).textContent).toContain('2026-11-02');
    fireEvent.click(await screen.findByRole('checkbox', { name: /白酒/ }));
    fireEvent.change(screen.getByRole('textbox', { name: '备注' }), { target: { value: '长线' } });
    fireEvent.change(screen.getByRole('textbox', { name: '持仓股数' }), { target: { value: '100' } });
    // A holding needs both figures.
    expect((screen.getByRole('button', { name: '保存' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByRole('alert').textContent).toContain('同时填写');
    fireEvent.change(screen.getByRole('textbox', { name: '成本价' }), { target: { value: '1450' } });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() =>
      expect(server.calls('watchlist.holding')).toEqual([
        { code: '600519.SH', holding: { shares: 100, cost: 1450 } },
      ]),
    );
    expect(server.calls('watchlist.changeOpt')).toEqual([{ code: '600519.SH', groupIds: [2] }]);
    expect(server.calls('watchlist.remark')).toEqual([{ code: '600519.SH', remark: '长线' }]);
  });

  it('offers 加自选 for an instrument not followed', async () => {
    stubApi({
      'watchlist.listOptV4': ok({ groupId: 1, items: [] }),
      'watchlist.listOptV3': ok([]),
      'watchlist.optGroupList': ok(groups),
    });
    renderPages('/StockSetting?code=000001.SZ', pages);
    expect(await screen.findByText('000001.SZ 还不在自选中')).toBeTruthy();
    expect(await screen.findByRole('button', { name: '加自选：000001.SZ' })).toBeTruthy();
  });
});
