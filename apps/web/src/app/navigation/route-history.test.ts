import { describe, expect, it } from 'vitest';
import { nextRecentLocations, nextRouteHistory } from './route-history.ts';

describe('nextRouteHistory (spec 1 §4)', () => {
  it('adds the path on push', () => {
    expect(nextRouteHistory(['/'], '/stock', 'PUSH')).toEqual(['/', '/stock']);
  });

  it('removes the last path on pop', () => {
    expect(nextRouteHistory(['/', '/stock', '/stockNotice'], '/stock', 'POP')).toEqual(['/', '/stock']);
    expect(nextRouteHistory([], '/', 'POP')).toEqual([]);
  });

  it('overwrites the last path on replace', () => {
    expect(nextRouteHistory(['/', '/fundHome'], '/etfHome', 'REPLACE')).toEqual(['/', '/etfHome']);
    expect(nextRouteHistory([], '/etfHome', 'REPLACE')).toEqual(['/etfHome']);
  });

  it('keeps only the last 10 paths', () => {
    const ten = Array.from({ length: 10 }, (_, i) => `/p${i}`);
    const next = nextRouteHistory(ten, '/p10', 'PUSH');
    expect(next).toHaveLength(10);
    expect(next[0]).toBe('/p1');
    expect(next.at(-1)).toBe('/p10');
  });

  it('adds the first location of a page load once, not again on reload', () => {
    expect(nextRouteHistory(['/'], '/me', 'LOAD')).toEqual(['/', '/me']);
    expect(nextRouteHistory(['/', '/me'], '/me', 'LOAD')).toEqual(['/', '/me']);
  });
});

describe('nextRecentLocations (spec 2 §2.3)', () => {
  it('keeps the last two locations with their query', () => {
    let list = nextRecentLocations([], { pathname: '/', search: '' });
    list = nextRecentLocations(list, { pathname: '/stock', search: '?stockCode=600519.SH' });
    list = nextRecentLocations(list, { pathname: '/stockNotice', search: '' });
    expect(list).toEqual([
      { pathname: '/stock', search: '?stockCode=600519.SH' },
      { pathname: '/stockNotice', search: '' },
    ]);
  });
});
