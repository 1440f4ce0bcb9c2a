import type { RouteEntry } from '@zhicai/contract';
import { describe, expect, it } from 'vitest';
import { createRouteMatcher, instanceKey, matchRoute, normalizePathname } from './route-match.ts';

describe('matchRoute', () => {
  it('finds the home page and plain paths', () => {
    expect(matchRoute('/')?.entry.name).toBe('home');
    expect(matchRoute('/fundHome')?.entry.name).toBe('fundHome');
    expect(matchRoute('/stock-picker')?.entry.title).toBe('选股器');
  });

  it('resolves the aliases of spec 1 §2 to their canonical entry', () => {
    expect(matchRoute('/stockHK')).toMatchObject({
      entry: { name: 'stockHk' },
      canonicalPathname: '/stockHk',
    });
    expect(matchRoute('/etfDetail')?.entry.path).toBe('/etfDetails');
    expect(matchRoute('/liveStream')?.entry.path).toBe('/LiveStream');
    expect(matchRoute('/pdf-List')?.entry.path).toBe('/pdf-list');
  });

  it('is case-sensitive apart from the listed aliases', () => {
    expect(matchRoute('/Stock')).toBeNull();
    expect(matchRoute('/FUNDHOME')).toBeNull();
    expect(matchRoute('/dailyPaper')?.entry.name).toBe('dailyPaper');
    expect(matchRoute('/dailyPape')?.entry.name).toBe('dailyPape');
  });

  it('reads :params and decodes them', () => {
    expect(matchRoute('/financialReportPreview/600519_SH/20240630')).toEqual({
      entry: expect.objectContaining({ name: 'financialReportPreview' }),
      params: { stock: '600519_SH', reportPeriod: '20240630' },
      canonicalPathname: '/financialReportPreview/600519_SH/20240630',
    });
    expect(matchRoute('/column-article-detail/12/34')?.params).toEqual({ articleId: '12', commId: '34' });
    expect(matchRoute('/column/%E4%B8%93%E6%A0%8F')?.params).toEqual({ id: '专栏' });
  });

  it('does not match a param route with missing or extra segments', () => {
    expect(matchRoute('/column')).toBeNull();
    expect(matchRoute('/column/1/2')).toBeNull();
    expect(matchRoute('/financialReportPreview')).toBeNull();
    expect(matchRoute('/financialReportPreview/600519_SH/20240630/1')).toBeNull();
  });

  it('resolves the report preview without a period to the same page (spec 2 §2.1 default period)', () => {
    const match = matchRoute('/financialReportPreview/600519_SH');
    expect(match?.entry.name).toBe('financialReportPreview');
    expect(match?.params).toEqual({ stock: '600519_SH' });
  });

  it('ignores trailing slashes and rejects unknown paths', () => {
    expect(matchRoute('/stock/')?.entry.name).toBe('stock');
    expect(normalizePathname('///')).toBe('/');
    expect(matchRoute('/no-such-page')).toBeNull();
  });

  it('matches aliases of param routes too', () => {
    const entry: RouteEntry = {
      name: 'doc',
      path: '/doc/:id',
      aliases: ['/Doc/:id'],
      title: '文档',
      query: [],
      pointerArt: false,
      tabBar: false,
      built: false,
    };
    expect(createRouteMatcher([entry])('/Doc/9')).toMatchObject({
      params: { id: '9' },
      canonicalPathname: '/doc/9',
    });
  });
});

describe('instanceKey', () => {
  const key = (pathname: string, search: string) => {
    const match = matchRoute(pathname);
    if (!match) throw new Error(`no route for ${pathname}`);
    return instanceKey(match, search);
  };

  it('keys detail pages by their code query and ignores other parameters', () => {
    expect(key('/stock', '?stockCode=600519.SH&i=3')).toBe('/stock?stockCode=600519.SH');
    expect(key('/stock', '?stockCode=000001.SZ')).not.toBe(key('/stock', '?stockCode=600519.SH'));
  });

  it('uses the canonical spelling so an alias shares its instance', () => {
    expect(key('/stockHK', '?stockCode=00700.HK')).toBe(key('/stockHk', '?stockCode=00700.HK'));
    expect(key('/etfDetail', '?code=510300.SH')).toBe('/etfDetails?code=510300.SH');
  });

  it('is the bare path for pages without keys', () => {
    expect(key('/', '?so=wx')).toBe('/');
    expect(key('/column/7', '')).toBe('/column/7');
  });
});
