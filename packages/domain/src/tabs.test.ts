import { describe, expect, it } from 'vitest';
import { nativeTabIndex, nativeTabRoute, tabs, webTabIndex, webTabRoute } from './tabs.ts';

// spec 1 §2 "Tab bar": both index orders must hold. The spec's paths are the routes' paths
// (home is /); apps/web/src/app/tab-bar/tab-bar.test.tsx checks the same table by path.
describe('tab tables (spec 1 §2)', () => {
  it.each([
    { index: 0, web: 'home', native: 'home' },
    { index: 1, web: 'chooseindex', native: 'fundHome' },
    { index: 2, web: 'etfHome', native: 'favorite' },
    { index: 3, web: 'fundHome', native: 'chooseindex' },
    { index: 4, web: 'favorite', native: 'me' },
    { index: 5, web: 'me', native: 'etfHome' },
  ])('index $index: web $web, native $native', ({ index, web, native }) => {
    expect(webTabRoute(index)).toBe(web);
    expect(webTabIndex(web)).toBe(index);
    expect(nativeTabRoute(index)).toBe(native);
    expect(nativeTabIndex(native)).toBe(index);
  });

  it.each([
    { name: 'a negative index', index: -1 },
    { name: 'an index past the end', index: 6 },
    { name: 'a fractional index', index: 1.5 },
  ])('$name has no route', ({ index }) => {
    expect(webTabRoute(index)).toBeNull();
    expect(nativeTabRoute(index)).toBeNull();
  });

  it.each(['stock', 'stock-picker', 'Favorite', ''])('%j is not a tab', (route) => {
    expect(webTabIndex(route)).toBeNull();
    expect(nativeTabIndex(route)).toBeNull();
  });

  it('labels the six tabs in display order', () => {
    expect(tabs.map((tab) => tab.label)).toEqual(['股票', '选股', 'ETF', '基金', '自选', '我的']);
    expect(tabs.map((tab) => tab.route)).toEqual([
      'home',
      'chooseindex',
      'etfHome',
      'fundHome',
      'favorite',
      'me',
    ]);
  });
});
