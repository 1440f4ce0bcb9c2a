import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubHomeShell } from '../../testing/home-fixtures.ts';
import { renderApp } from '../../testing/render.tsx';

beforeEach(() => {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
  stubHomeShell();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const tabBar = () => screen.queryByRole('navigation', { name: '主导航' });

describe('Shell', () => {
  it('renders the home page with the brand and the tab bar', async () => {
    renderApp('/');
    // The first test of the file imports the home page's module graph cold.
    expect(await screen.findByRole('heading', { name: '知财', level: 1 }, { timeout: 10_000 })).toBeTruthy();
    expect(tabBar()).not.toBeNull();
    expect(document.title).toBe('知财');
  });

  it('navigates between tabs with the tab bar', async () => {
    const { router } = renderApp('/');
    await screen.findByRole('heading', { name: '知财', level: 1 });
    fireEvent.click(screen.getByRole('link', { name: '基金' }));
    // The fund home page's chunk is imported cold on first use, as the home page's is above.
    expect(await screen.findByRole('heading', { name: '基金', level: 1 }, { timeout: 10_000 })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/fundHome');
    await waitFor(() => expect(document.title).toBe('基金 - 知财'));
    expect(screen.getByRole('link', { name: '基金' }).getAttribute('aria-current')).toBe('page');
  });

  it('hides the tab bar on a detail page and shows the route title with an honest notice', async () => {
    renderApp('/InstitutionalDetail?id=1');
    expect(
      await screen.findByRole('heading', { name: '机构详情', level: 1 }, { timeout: 10_000 }),
    ).toBeTruthy();
    expect(screen.getByText('页面暂未开放')).toBeTruthy();
    expect(screen.getByRole('button', { name: '返回上一页' })).toBeTruthy();
    expect(screen.getByRole('link', { name: '回到首页' }).getAttribute('href')).toBe('/');
    expect(tabBar()).toBeNull();
  });

  it('hides the tab bar inside the native app', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 ZhicaiApp/2022102000',
    );
    renderApp('/');
    await screen.findByRole('heading', { name: '知财', level: 1 });
    expect(tabBar()).toBeNull();
  });

  it('resolves an alias to its page', async () => {
    renderApp('/liveStream');
    expect(await screen.findByRole('heading', { name: '直播', level: 1 }, { timeout: 10_000 })).toBeTruthy();
  });

  it('shows the 404 page for an unknown path and for a wrong letter case', async () => {
    renderApp('/no-such-page');
    expect(await screen.findByRole('heading', { name: '页面不存在', level: 1 })).toBeTruthy();
    expect(screen.getByRole('link', { name: '回到首页' })).toBeTruthy();
  });

  it('treats paths as case-sensitive', async () => {
    renderApp('/FundHome');
    expect(await screen.findByRole('heading', { name: '页面不存在', level: 1 })).toBeTruthy();
  });

  it('goes home from the back button when there is no page to go back to', async () => {
    const { router } = renderApp('/delstockAccountParty');
    await screen.findByRole('heading', { name: '账户注销', level: 1 });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: '返回上一页' }));
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('goes back to the previous page from the back arrow', async () => {
    const { router } = renderApp('/me');
    await act(async () => {
      await router.navigate('/meSetting');
    });
    // The settings page brings antd-mobile's dialog, whose modules are imported cold here.
    await screen.findByRole('heading', { name: '设置', level: 1 }, { timeout: 10_000 });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: '返回' }));
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/me'));
  });
});
