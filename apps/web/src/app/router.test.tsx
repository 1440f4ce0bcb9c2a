import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { navigateTo } from '../platform/navigation.ts';
import { ok, stubApi } from '../testing/api-stub.ts';
import { demoMenus } from '../testing/home-fixtures.ts';
import { renderApp } from '../testing/render.tsx';

// A page that fails while rendering, standing in for any page bug or a chunk that cannot load.
vi.mock('../features/user/pages/me-page.tsx', () => ({
  default: function BrokenPage() {
    throw new Error('页面数据异常');
  },
}));

beforeEach(() => {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
  vi.spyOn(console, 'error').mockImplementation(() => {});
  stubApi({
    'config.getAppMenus': ok(demoMenus),
    'promo.popup': ok(null),
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('app routes', () => {
  it('shows the error page with a reload when a page throws, and recovers on the next navigation', async () => {
    const { router } = renderApp('/me');
    expect(await screen.findByRole('heading', { name: '页面出错了' })).toBeTruthy();
    expect(screen.getByText('请重新加载页面（页面数据异常）')).toBeTruthy();
    expect(screen.getByRole('button', { name: '重新加载' })).toBeTruthy();

    await act(() => router.navigate('/about'));
    expect(
      await screen.findByRole('heading', { name: '关于我们', level: 1 }, { timeout: 10_000 }),
    ).toBeTruthy();
    expect(screen.queryByRole('heading', { name: '页面出错了' })).toBeNull();
  });

  it('lets code outside React navigate in the app, and loads the URL once the app is gone', async () => {
    const { router, unmount } = renderApp('/');
    // The home page's module graph is imported cold in this file.
    await screen.findByRole('heading', { name: '知财', level: 1 }, { timeout: 10_000 });
    act(() => navigateTo('/about', { replace: true }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/about'));
    expect(router.state.historyAction).toBe('REPLACE');

    unmount();
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign, replace: vi.fn() });
    navigateTo('/me');
    expect(assign).toHaveBeenCalledWith('/me');
  });
});
