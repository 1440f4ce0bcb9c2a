import { describe, expect, it } from 'vitest';
import { href, routeOf, routeTable } from './routes.ts';

describe('href', () => {
  it('puts a detail page code in its query', () => {
    expect(href('stock', { stockCode: '600519.SH' })).toBe('/stock?stockCode=600519.SH');
  });

  it('adds optional query parameters in the declared order and leaves out missing ones', () => {
    expect(href('fundDetails', { i: 3, code: '161725.OF', type: 'fund_lof' })).toBe(
      '/fundDetails?code=161725.OF&type=fund_lof&i=3',
    );
    expect(href('fundDetails', { code: '161725.OF', type: null })).toBe('/fundDetails?code=161725.OF');
  });

  it('fills path parameters, encoding each into its segment', () => {
    expect(href('financialReportPreview', { stock: '600519_SH', reportPeriod: '20240630' })).toBe(
      '/financialReportPreview/600519_SH/20240630',
    );
    expect(href('column', { id: 'a/b c' })).toBe('/column/a%2Fb%20c');
  });

  it('encodes query values', () => {
    expect(href('pdf', { file: 'https://x.example/a b.pdf?x=1&y=2' })).toBe(
      '/pdf?file=https%3A%2F%2Fx.example%2Fa%20b.pdf%3Fx%3D1%26y%3D2',
    );
  });

  it('links a page without parameters by its path, / by the name home', () => {
    expect(href('home')).toBe('/');
    expect(href('favorite')).toBe('/favorite');
  });
});

describe('the route table', () => {
  it('names each route once and derives a param-less name from its path', () => {
    const names = routeTable.map((entry) => entry.name);
    expect(new Set(names).size).toBe(names.length);
    for (const entry of routeTable) {
      if (entry.path.includes(':') || entry.path === '/') continue;
      expect(entry.path).toBe(`/${entry.name}`);
    }
  });

  it('gives every path and alias to one route only', () => {
    const paths = routeTable.flatMap((entry) => [entry.path, ...entry.aliases]);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('keys every cached route by a cache key, named like the route unless spec 2 §2.3 spells it otherwise', () => {
    for (const entry of routeTable.filter((route) => route.cacheWhen)) expect(entry.cacheKey).toBeTruthy();
    expect(routeOf('indexBoard').cacheKey).toBe('IndexBoard');
    expect(routeOf('rankList_content').cacheKey).toBe('rankList_content');
    expect(routeOf('notfound').cacheKey).toBeUndefined();
  });

  it('drops kept pages only on paths of the table', () => {
    const paths = new Set(routeTable.map((entry) => entry.path));
    for (const entry of routeTable) for (const path of entry.dropCacheOn ?? []) expect(paths).toContain(path);
  });
});
