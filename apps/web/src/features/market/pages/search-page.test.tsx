import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type EndpointAnswer, failure, ok, stubApi } from '../../../testing/api-stub.ts';
import { renderPages } from '../../../testing/render.tsx';
import { recentSearchesKey, resetRecentSearches } from '../hooks/recent-searches.ts';
import { riseCapitals, searchHits } from '../testing/market-fixtures.ts';
import SearchPage from './search-page.tsx';

let searchAnswer: (keyword: string) => EndpointAnswer<'market.search'>;

function setup() {
  return stubApi({
    'market.search': (params) => searchAnswer(params.keyword),
    'market.riseFallCapitals': ok(riseCapitals),
  });
}

const renderSearch = (history: string[] = []) =>
  renderPages('/search', { '/search': <SearchPage /> }, { history });

beforeEach(() => {
  localStorage.clear();
  resetRecentSearches();
  searchAnswer = () => ok(searchHits);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const input = () => screen.getByRole('searchbox', { name: '搜索股票、基金、指数' });

function type(text: string) {
  fireEvent.change(input(), { target: { value: text } });
}

describe('search page', () => {
  it('focuses the input and shows hot stocks while nothing is typed', async () => {
    setup();
    renderSearch();
    expect(document.activeElement).toBe(input());
    expect(input().getAttribute('placeholder')).toBe('输入代码/名称/拼音');
    const hot = screen.getByRole('region', { name: '热门股票' });
    expect(within(hot).getByTestId('hot-skeleton')).toBeTruthy();
    expect((await within(hot).findByRole('link', { name: /宁德时代/ })).getAttribute('href')).toBe(
      '/stock?stockCode=300750.SZ',
    );
    expect(screen.queryByRole('region', { name: '最近搜索' })).toBeNull();
  });

  it('searches once the typing pauses, and shows names, codes and market badges', async () => {
    const server = setup();
    renderSearch();
    type('g');
    type('gz');
    type('gzmt');
    const results = await screen.findByRole('list', { name: '搜索结果' });
    // Debounced: only the settled keyword is sent.
    expect(server.calls('market.search').map((params) => params.keyword)).toEqual(['gzmt']);
    const moutai = within(results).getByRole('link', { name: /贵州茅台/ });
    expect(moutai.textContent).toContain('600519.SH');
    expect(moutai.textContent).toContain('沪');
    expect(within(results).getByRole('link', { name: /腾讯控股/ }).textContent).toContain('港');
    expect(within(results).getByRole('link', { name: /沪深300ETF/ }).textContent).toContain('ETF');
  });

  it('marks a delisted share 已退市 and still opens its page', async () => {
    searchAnswer = () =>
      ok([{ code: '600087.SH', name: '退市长油', type: 'capital', pinyinInitials: 'tscy', delisted: true }]);
    setup();
    renderSearch();
    type('tscy');
    const results = await screen.findByRole('list', { name: '搜索结果' });
    const hit = within(results).getByRole('link', { name: /退市长油/ });
    expect(hit.textContent).toContain('已退市');
    expect(hit.getAttribute('href')).toBe('/stock?stockCode=600087.SH');
    expect(within(results).queryAllByText('已退市')).toHaveLength(1);
  });

  it('highlights the matched part of a name', async () => {
    setup();
    renderSearch();
    type('茅台');
    await screen.findByRole('list', { name: '搜索结果' });
    const marks = document.querySelectorAll('mark');
    expect([...marks].map((mark) => mark.textContent)).toContain('茅台');
  });

  it('routes each type to its detail page', async () => {
    setup();
    renderSearch();
    type('a');
    const results = await screen.findByRole('list', { name: '搜索结果' });
    const hrefs = within(results)
      .getAllByRole('link')
      .map((link) => link.getAttribute('href'));
    expect(hrefs).toEqual([
      '/stock?stockCode=600519.SH',
      '/stockHk?stockCode=00700.HK',
      '/indexStock?stockCode=000001.SH',
      '/etfDetails?code=510300.SH',
      '/fundDetails?code=005827.OF',
      '/fundDetails?code=161725.OF&type=fund_lof',
    ]);
  });

  it('remembers a tapped result in 最近搜索 (newest first) and opens its page', async () => {
    setup();
    const first = renderSearch();
    type('txkg');
    fireEvent.click(
      within(await screen.findByRole('list', { name: '搜索结果' })).getByRole('link', { name: /腾讯控股/ }),
    );
    expect((await screen.findByTestId('destination')).textContent).toBe('/stockHk?stockCode=00700.HK');
    first.unmount();

    const second = renderSearch();
    type('etf');
    fireEvent.click(
      within(await screen.findByRole('list', { name: '搜索结果' })).getByRole('link', { name: /沪深300ETF/ }),
    );
    expect((await screen.findByTestId('destination')).textContent).toBe('/etfDetails?code=510300.SH');
    second.unmount();

    const stored = JSON.parse(localStorage.getItem(recentSearchesKey) ?? '[]') as { code: string }[];
    expect(stored.map((item) => item.code)).toEqual(['510300.SH', '00700.HK']);

    renderSearch();
    const recent = screen.getByRole('region', { name: '最近搜索' });
    const links = within(recent).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([
      expect.stringContaining('沪深300ETF'),
      expect.stringContaining('腾讯控股'),
    ]);
    fireEvent.click(within(recent).getByRole('button', { name: '清空' }));
    expect(screen.queryByRole('region', { name: '最近搜索' })).toBeNull();
    expect(localStorage.getItem(recentSearchesKey)).toBeNull();
  });

  it('keeps at most 10 recent searches and reads them back after a restart', async () => {
    const many = Array.from({ length: 12 }, (_, i) => ({
      code: `6000${String(i).padStart(2, '0')}.SH`,
      name: `股票${i}`,
      type: 'capital',
    }));
    localStorage.setItem(recentSearchesKey, JSON.stringify(many));
    setup();
    renderSearch();
    const recent = screen.getByRole('region', { name: '最近搜索' });
    expect(within(recent).getAllByRole('link')).toHaveLength(10);
  });

  it('says 未找到相关结果 when nothing matches', async () => {
    searchAnswer = () => ok([]);
    setup();
    renderSearch();
    type('zzzz');
    expect(await screen.findByText('未找到相关结果')).toBeTruthy();
  });

  it('shows an error with 重新加载 that searches again', async () => {
    searchAnswer = () => failure('999', '系统繁忙，请稍后再试');
    setup();
    renderSearch();
    type('gzmt');
    const retry = await screen.findByRole('button', { name: '重新加载' });
    searchAnswer = () => ok(searchHits);
    fireEvent.click(retry);
    expect(await screen.findByRole('list', { name: '搜索结果' })).toBeTruthy();
  });

  it('goes back with 取消', async () => {
    setup();
    const { router } = renderSearch(['/rankList']);
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: '取消' }));
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/rankList'));
  });
});
