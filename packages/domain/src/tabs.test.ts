import { describe, expect, it } from 'vitest';
import {
  isTabBarPath,
  nativeTabIndex,
  nativeTabPath,
  tabBarPaths,
  tabs,
  webTabIndex,
  webTabPath,
} from './tabs.ts';

// spec 1 §2 "Tab bar": both index orders must hold.
describe('tab tables (spec 1 §2)', () => {
  it.each([
    { index: 0, web: '/', native: '/' },
    { index: 1, web: '/chooseindex', native: '/fundHome' },
    { index: 2, web: '/etfHome', native: '/favorite' },
    { index: 3, web: '/fundHome', native: '/chooseindex' },
    { index: 4, web: '/favorite', native: '/me' },
    { index: 5, web: '/me', native: '/etfHome' },
  ])('index $index: web $web, native $native', ({ index, web, native }) => {
    expect(webTabPath(index)).toBe(web);
    expect(webTabIndex(web)).toBe(index);
    expect(nativeTabPath(index)).toBe(native);
    expect(nativeTabIndex(native)).toBe(index);
  });

  it.each([
    { name: 'a negative index', index: -1 },
    { name: 'an index past the end', index: 6 },
    { name: 'a fractional index', index: 1.5 },
  ])('$name has no path', ({ index }) => {
    expect(webTabPath(index)).toBeNull();
    expect(nativeTabPath(index)).toBeNull();
  });

  it.each(['/stock', '/stock-picker', '/Favorite', ''])('%j is not a tab', (path) => {
    expect(webTabIndex(path)).toBeNull();
    expect(nativeTabIndex(path)).toBeNull();
  });

  it('labels the six tabs in display order', () => {
    expect(tabs.map((tab) => tab.label)).toEqual(['股票', '选股', 'ETF', '基金', '自选', '我的']);
    expect(tabs.map((tab) => tab.path)).toEqual([
      '/',
      '/chooseindex',
      '/etfHome',
      '/fundHome',
      '/favorite',
      '/me',
    ]);
  });
});

describe('isTabBarPath (spec 1 §2)', () => {
  it.each(tabBarPaths)('the tab bar shows on %s', (path) => {
    expect(isTabBarPath(path)).toBe(true);
  });

  it.each(['/stock', '/fundDetails', '/searchindustry', '/me/settings', ''])(
    'the tab bar hides on %j',
    (path) => {
      expect(isTabBarPath(path)).toBe(false);
    },
  );
});
