import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { localStore } from '../../../platform/session/local-store.ts';
import { ok, stubApi } from '../../../testing/api-stub.ts';
import { renderPages } from '../../../testing/render.tsx';
import { groups } from '../testing/watchlist-fixtures.ts';
import FavoriteManagerGroupPage from './favorite-manager-group-page.tsx';

const pages = { '/favoriteManagerGroup': <FavoriteManagerGroupPage /> };

beforeEach(() => localStore.getState().setToken('jwt-watchlist'));
afterEach(() => {
  vi.unstubAllGlobals();
  localStore.getState().setToken(null);
});

describe('/favoriteManagerGroup', () => {
  it('creates, renames, deletes and reorders groups, leaving 全部 alone', async () => {
    const server = stubApi({
      'watchlist.optGroupList': ok(groups),
      'watchlist.addOptGroup': ok({ id: 4, name: '科技', kind: 'user', order: 2, count: 0 }),
      'watchlist.renameOptGroup': ok({ id: 2, name: '消费', kind: 'user', order: 0, count: 1 }),
      'watchlist.delOptGroup': ok({ ok: true }),
      'watchlist.sortOptGroup': ok({ ok: true }),
    });
    renderPages('/favoriteManagerGroup', pages);
    const list = await screen.findByRole('list', { name: '分组顺序' });
    expect(within(list).queryByText('全部')).toBeNull();

    fireEvent.change(screen.getByRole('textbox', { name: '新建分组' }), { target: { value: '科技' } });
    fireEvent.click(screen.getByRole('button', { name: '新建' }));
    await waitFor(() =>
      expect(server.calls('watchlist.addOptGroup')).toEqual([{ name: '科技', optType: 'normal' }]),
    );

    fireEvent.click(screen.getByRole('button', { name: '重命名白酒' }));
    const rename = await screen.findByRole('dialog');
    fireEvent.change(within(rename).getByRole('textbox', { name: '分组名称' }), {
      target: { value: '消费' },
    });
    fireEvent.click(within(rename).getByRole('button', { name: '保存' }));
    await waitFor(() =>
      expect(server.calls('watchlist.renameOptGroup')).toEqual([{ groupId: 2, name: '消费' }]),
    );

    fireEvent.click(screen.getByRole('button', { name: '删除港股' }));
    const remove = await screen.findByRole('dialog');
    await waitFor(() => expect(remove.textContent).toContain('删除分组“港股”'));
    fireEvent.click(within(remove).getByRole('button', { name: '删除' }));
    await waitFor(() => expect(server.calls('watchlist.delOptGroup')).toEqual([{ groupId: 3 }]));

    expect((screen.getByRole('button', { name: '保存顺序' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: '上移港股' }));
    fireEvent.click(screen.getByRole('button', { name: '保存顺序' }));
    await waitFor(() => expect(server.calls('watchlist.sortOptGroup')).toEqual([{ groupIds: [3, 2] }]));
  });
});
