import { render, screen } from '@testing-library/react';
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

describe('tab-bar rules', () => {
  it('shows the bar only on the ten tab-bar paths', () => {
    for (const path of [
      '/',
      '/SearchIndustry',
      '/ViewingInformation',
      '/SevenEleven',
      '/stock-picker',
      '/me',
    ]) {
      expect(showsTabBar(path, false)).toBe(true);
    }
    expect(showsTabBar('/stock', false)).toBe(false);
    expect(showsTabBar('/notfound', false)).toBe(false);
  });

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
