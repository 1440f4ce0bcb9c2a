import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EndpointName } from '../../../platform/request/request.ts';
import { type EndpointAnswer, failure, ok, type StubRoutes, stubApi } from '../../../testing/api-stub.ts';
import { demoMenus, demoPopup } from '../../../testing/home-fixtures.ts';
import { renderApp } from '../../../testing/render.tsx';
import { dismissPopup } from '../../promo/index.ts';
import {
  fallCapitals,
  indexQuotes,
  marketSummary,
  northSummary,
  platesDown,
  platesUp,
  riseCapitals,
} from '../testing/market-fixtures.ts';

let menusAnswer: EndpointAnswer<'config.getAppMenus'>;
let summaryAnswer: EndpointAnswer<'market.marketSummary'>;
let quotesAnswer: EndpointAnswer<'market.realTime'>;
let platesAnswer: (ascOrDesc: '1' | '-1') => EndpointAnswer<'market.plateStatV2Page'>;

const failed = failure('999', '系统繁忙，请稍后再试');

function homeRoutes(): StubRoutes {
  return {
    'config.getAppMenus': () => menusAnswer,
    'promo.popup': ok(null),
    'market.realTime': () => quotesAnswer,
    'market.marketSummary': () => summaryAnswer,
    'market.plateStatV2Page': (params) => platesAnswer(params.ascOrDesc),
    'market.riseFallCapitals': (params) =>
      ok(params.sort === 'fall' ? fallCapitals : params.sort === 'rise' ? riseCapitals : []),
    'market.northSummary': ok(northSummary),
  };
}

beforeEach(() => {
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
  menusAnswer = ok(demoMenus);
  summaryAnswer = ok(marketSummary);
  quotesAnswer = ok(indexQuotes);
  platesAnswer = (ascOrDesc) => ok(ascOrDesc === '1' ? platesDown : platesUp);
  stubApi(homeRoutes());
  dismissPopup(demoPopup.id);
});

// The first visit loads the home page chunk and the live-quote socket's; warm them so the first
// test's waits measure the page, not the module loader.
beforeAll(async () => {
  await import('./home-page.tsx');
  await import('../../../platform/socket/app-quote-socket.ts');
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const menuNav = () => screen.findByRole('navigation', { name: '功能入口' });

describe('home page', () => {
  it('has the brand name and a search entry that leads to /search', async () => {
    renderApp('/');
    expect(await screen.findByRole('heading', { name: '知财', level: 1 })).toBeTruthy();
    expect(screen.getByRole('link', { name: '搜索' }).getAttribute('href')).toBe('/search');
  });

  it('shows a skeleton while the menus load, then the menus with their links and badges', async () => {
    renderApp('/');
    expect((await screen.findAllByTestId('menu-skeleton')).length).toBe(10);
    const nav = await menuNav();
    const links = [...nav.querySelectorAll('a')];
    expect(links.map((link) => link.textContent)).toEqual(['行业板块', '热选股器', '新财报速览', '合作活动']);
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/industry',
      '/stock-picker',
      '/financialReportPreview/600519_SH/20240630',
      'https://partner.example.com/a',
    ]);
    expect(links[3]?.getAttribute('target')).toBe('_blank');
    expect(nav.querySelector('img')?.getAttribute('src')).toBe('/demo/menu/industry.svg');
  });

  it('opens the page of a menu entry', async () => {
    const { router } = renderApp('/');
    fireEvent.click(await screen.findByRole('link', { name: '行业板块' }));
    // A text query with a selector: role queries walk the whole kept-alive home page on every poll.
    // The first visit to another route compiles its chunk; under a full parallel run that is slow.
    expect(await screen.findByText('行业板块', { selector: 'h1' }, { timeout: 10_000 })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/industry');
  }, 15_000);

  it('shows an error with 重新加载, which loads the menus again', async () => {
    menusAnswer = failed;
    renderApp('/');
    const retry = await screen.findByRole('button', { name: '重新加载' });
    expect(screen.getByText('功能入口加载失败，请检查网络后重试')).toBeTruthy();
    menusAnswer = ok(demoMenus);
    fireEvent.click(retry);
    expect(await menuNav()).toBeTruthy();
  });

  it('says so when there are no menus', async () => {
    menusAnswer = ok([]);
    renderApp('/');
    expect(await screen.findByText('暂无功能入口')).toBeTruthy();
  });

  it('no longer shows the market-data-coming notice', async () => {
    renderApp('/');
    await menuNav();
    expect(screen.queryByText(/行情数据即将接入/)).toBeNull();
    expect(screen.queryByText(/不会显示任何模拟数据/)).toBeNull();
  });

  it('shows the six main indices with price and change, each leading to its index page', async () => {
    const { router } = renderApp('/');
    expect(await screen.findByTestId('index-skeleton')).toBeTruthy();
    const strip = await screen.findByRole('list', { name: '大盘指数行情' });
    const links = within(strip).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/indexStock?stockCode=000001.SH',
      '/indexStock?stockCode=399001.SZ',
      '/indexStock?stockCode=399006.SZ',
      '/indexStock?stockCode=000300.SH',
      '/indexStock?stockCode=000688.SH',
      '/indexStock?stockCode=HSI.HI',
    ]);
    const sse = within(strip).getByRole('link', { name: /上证指数/ });
    // 2990.1 − 2967.4 = +22.7, +0.76%.
    expect(sse.textContent).toContain('2990');
    expect(sse.textContent).toContain('0.76%');
    fireEvent.click(within(strip).getByRole('link', { name: /恒生指数/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?stockCode=HSI.HI'));
    expect(router.state.location.pathname).toBe('/indexStock');
  });

  it('shows an index error with 重新加载 that asks for the quotes again', async () => {
    quotesAnswer = failed;
    renderApp('/');
    await screen.findByText('指数行情加载失败，请检查网络后重试');
    quotesAnswer = ok(indexQuotes);
    const section = screen.getByRole('region', { name: '大盘指数' });
    fireEvent.click(within(section).getByRole('button', { name: '重新加载' }));
    expect(await screen.findByRole('list', { name: '大盘指数行情' })).toBeTruthy();
  });

  it('shows the rise/fall distribution: counts and 21 coloured buckets', async () => {
    renderApp('/');
    const section = await screen.findByRole('region', { name: '涨跌分布' });
    expect(within(section).getByTestId('distribution-skeleton')).toBeTruthy();
    const bars = await within(section).findByRole('list', { name: '涨跌分布柱状图' });
    const buckets = within(bars).getAllByRole('listitem');
    expect(buckets).toHaveLength(21);
    expect(buckets[0]?.getAttribute('aria-label')).toBe('跌停 12家');
    expect(buckets[0]?.className).toContain('--down');
    expect(buckets[10]?.className).toContain('--flat');
    expect(buckets[20]?.getAttribute('aria-label')).toBe('涨停 45家');
    expect(buckets[20]?.className).toContain('--up');
    const counts = section.querySelector('dl') as HTMLElement;
    const count = (label: string) => within(counts).getByText(label).nextElementSibling?.textContent;
    expect(count('上涨')).toBe(String(marketSummary.rise_fall_stat.r));
    expect(count('平盘')).toBe('64');
    expect(count('涨停')).toBe('45');
    expect(count('跌停')).toBe('12');
    expect(within(section).getByText('8123亿')).toBeTruthy();
  });

  it('shows a distribution error with 重新加载', async () => {
    summaryAnswer = failed;
    renderApp('/');
    await screen.findByText('涨跌分布加载失败，请检查网络后重试');
    summaryAnswer = ok(marketSummary);
    const section = screen.getByRole('region', { name: '涨跌分布' });
    fireEvent.click(within(section).getByRole('button', { name: '重新加载' }));
    expect(await within(section).findByRole('list', { name: '涨跌分布柱状图' })).toBeTruthy();
  });

  it('shows the leading and lagging industries with their leader stocks', async () => {
    renderApp('/');
    const up = await screen.findByRole('region', { name: '行业板块 · 领涨' });
    const electronics = await within(up).findByRole('link', { name: /电子/ });
    expect(electronics.getAttribute('href')).toBe('/IndustryDetail?code=801080.ZSI');
    expect(within(up).getByRole('link', { name: '更多' }).getAttribute('href')).toBe('/SearchIndustry');
    expect(electronics.textContent).toContain('中芯国际');
    expect(electronics.textContent).toContain('3.12%');
    const down = screen.getByRole('region', { name: '行业板块 · 领跌' });
    expect((await within(down).findByRole('link', { name: /电力设备/ })).textContent).toContain('宁德时代');
  });

  it('says so when there are no plates, and recovers a failed plate list', async () => {
    platesAnswer = (ascOrDesc) => (ascOrDesc === '1' ? failed : ok({ total: 0, list: [] }));
    renderApp('/');
    const up = await screen.findByRole('region', { name: '行业板块 · 领涨' });
    expect(await within(up).findByText('暂无板块数据')).toBeTruthy();
    const down = screen.getByRole('region', { name: '行业板块 · 领跌' });
    const retry = await within(down).findByRole('button', { name: '重新加载' });
    platesAnswer = (ascOrDesc) => ok(ascOrDesc === '1' ? platesDown : platesUp);
    fireEvent.click(retry);
    expect(await within(down).findByRole('link', { name: /电力设备/ })).toBeTruthy();
  });

  it('switches the stock rankings by tab; rows lead to the stock or HK stock page', async () => {
    const { router } = renderApp('/');
    const section = await screen.findByRole('region', { name: '个股排行' });
    expect(within(section).getByRole('tab', { name: '涨幅榜' }).getAttribute('aria-selected')).toBe('true');
    const catl = await within(section).findByRole('link', { name: '宁德时代' });
    expect(catl.getAttribute('href')).toBe('/stock?stockCode=300750.SZ');
    expect(within(section).getByRole('link', { name: '腾讯控股' }).getAttribute('href')).toBe(
      '/stockHk?stockCode=00700.HK',
    );
    fireEvent.click(within(section).getByRole('tab', { name: '跌幅榜' }));
    const pingan = await within(section).findByRole('link', { name: '平安银行' });
    expect(within(section).queryByRole('link', { name: '宁德时代' })).toBeNull();
    fireEvent.click(within(section).getByRole('tab', { name: '成交额' }));
    expect(await within(section).findByText('暂无排行数据')).toBeTruthy();
    fireEvent.click(within(section).getByRole('tab', { name: '跌幅榜' }));
    fireEvent.click(await within(section).findByRole('link', { name: '平安银行' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/stock'));
    expect(router.state.location.search).toBe('?stockCode=000001.SZ');
    expect(pingan).toBeTruthy();
  });

  it('shows the northbound net inflow with its sign', async () => {
    renderApp('/');
    const section = await screen.findByRole('region', { name: '北向资金' });
    expect(await within(section).findByText('▲+52.30亿')).toBeTruthy();
    expect(within(section).getByText('▼-8.70亿')).toBeTruthy();
  });

  it('reloads the menus and every market section on pull-to-refresh', async () => {
    vi.spyOn(window, 'scrollY', 'get').mockReturnValue(0);
    const server = stubApi(homeRoutes());
    renderApp('/');
    await menuNav();
    await screen.findByRole('list', { name: '涨跌分布柱状图' });
    const calls = (name: EndpointName) => server.calls(name).length;
    const menuCalls = () => calls('config.getAppMenus');
    expect(menuCalls()).toBe(1);
    expect(calls('market.marketSummary')).toBe(1);
    menusAnswer = ok([
      { id: 99, title: '新入口', icon: '/demo/menu/industry.svg', url: '/industry', badge: null },
    ]);
    const surface = screen.getByRole('heading', { name: '涨跌分布' });
    await act(async () => {
      fireEvent.touchStart(surface, { touches: [{ clientY: 100 }] });
      fireEvent.touchMove(surface, { touches: [{ clientY: 300 }] });
      fireEvent.touchEnd(surface);
    });
    await waitFor(() => expect(menuCalls()).toBe(2));
    // Every market section reloads too.
    expect(calls('market.marketSummary')).toBe(2);
    expect(calls('market.northSummary')).toBe(2);
    expect(calls('market.plateStatV2Page')).toBe(4);
    expect(calls('market.riseFallCapitals')).toBe(2);
    expect(calls('market.realTime')).toBe(2);
    expect(await screen.findByRole('link', { name: '新入口' })).toBeTruthy();
  });
});
