import { render, screen } from '@testing-library/react';
import { href } from '@zhicai/contract';
import { nativeTabIndex, nativeTabRoute, webTabIndex, webTabRoute } from '@zhicai/domain';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { TabBar } from './tab-bar.tsx';
import { activeTabIndex, showsTabBar } from './tab-bar-rules.ts';

function renderAt(pathname: string) {
  const router = createMemoryRouter([{ path: '*', element: <TabBar pathname={pathname} /> }], {
    initialEntries: [pathname],
  });
  render(<RouterProvider router={router} />);
}

describe('TabBar', () => {
  it('shows the six tabs of spec 1 §2 in order, each linking to its web path', () => {
    renderAt('/');
    const links = screen.getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(['股票', '选股', 'ETF', '基金', '自选', '我的']);
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/',
      '/chooseindex',
      '/etfHome',
      '/fundHome',
      '/favorite',
      '/me',
    ]);
    expect(screen.getByRole('navigation', { name: '主导航' })).toBeTruthy();
  });

  it('marks the current tab with aria-current', () => {
    renderAt('/fundHome');
    expect(screen.getByRole('link', { name: '基金' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: '股票' }).getAttribute('aria-current')).toBeNull();
  });
});

// spec 1 §2 "Tab bar", by path: the domain names the tabs by route, the route table spells them.
describe('tab tables by path (spec 1 §2)', () => {
  it.each([
    { index: 0, web: '/', native: '/' },
    { index: 1, web: '/chooseindex', native: '/fundHome' },
    { index: 2, web: '/etfHome', native: '/favorite' },
    { index: 3, web: '/fundHome', native: '/chooseindex' },
    { index: 4, web: '/favorite', native: '/me' },
    { index: 5, web: '/me', native: '/etfHome' },
  ])('index $index: web $web, native $native', ({ index, web, native }) => {
    const webRoute = webTabRoute(index);
    const nativeRoute = nativeTabRoute(index);
    expect(webRoute && href(webRoute)).toBe(web);
    expect(nativeRoute && href(nativeRoute)).toBe(native);
    expect(webRoute && webTabIndex(webRoute)).toBe(index);
    expect(nativeRoute && nativeTabIndex(nativeRoute)).toBe(index);
  });
});

describe('tab-bar rules', () => {
  it.each([
    '/',
    '/SearchIndustry',
    '/ViewingInformation',
    '/SevenEleven',
    '/chooseindex',
    '/etfHome',
    '/fundHome',
    '/favorite',
    '/me',
    '/stock-picker',
  ])('shows the bar on %s (spec 1 §2)', (path) => {
    expect(showsTabBar(path, false)).toBe(true);
  });

  it.each(['/stock', '/fundDetails', '/notfound', '/searchindustry', '/me/settings', ''])(
    'hides the bar on %j',
    (path) => {
      expect(showsTabBar(path, false)).toBe(false);
    },
  );

  it('never shows the bar inside the native app', () => {
    expect(showsTabBar('/', true)).toBe(false);
  });

  it('highlights the owning tab on section pages', () => {
    expect(activeTabIndex('/etfHome')).toBe(2);
    expect(activeTabIndex('/SevenEleven')).toBe(0);
    expect(activeTabIndex('/stock-picker')).toBe(1);
    expect(activeTabIndex('/stock')).toBeNull();
  });
});
