import { fireEvent, screen, within } from '@testing-library/react';
import type { Quote } from '@zhicai/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type EndpointAnswer, failure, ok, type StubRoutes, stubApi } from '../../../../testing/api-stub.ts';
import { quoteOf } from '../../../../testing/quote-fixtures.ts';
import { renderPages } from '../../../../testing/render.tsx';
import { dayK, industryCompare } from '../../testing/stock-fixtures.ts';
import { dupontFixture, searchFixture, stockCompareFixture } from '../compare-fixtures.ts';
import CompareResultPage from './compare-result-page.tsx';
import CompareSearchPage from './compare-search-page.tsx';
import DiffPage from './diff-page.tsx';
import DupontComparePage from './dupont-compare-page.tsx';
import IndustryComparePage from './industry-compare-page.tsx';
import StockCompareNewPage from './stock-compare-new-page.tsx';
import StockComparePage from './stock-compare-page.tsx';

const live = vi.hoisted(() => ({ quotes: new Map<string, Quote>() }));

vi.mock('../../../../platform/quotes/index.ts', () => ({
  useLiveQuotes: () => ({
    ...live,
    status: 'ready',
    error: null,
    lastTickAt: Date.now(),
    refresh: async () => undefined,
  }),
}));

afterEach(() => {
  vi.unstubAllGlobals();
  live.quotes.clear();
});

const pages = {
  '/compare-search': <CompareSearchPage />,
  '/compare-result': <CompareResultPage />,
  '/stockCompare': <StockComparePage />,
  '/stockCompareNew': <StockCompareNewPage />,
  '/dupont-compare': <DupontComparePage />,
  '/diff': <DiffPage />,
  '/IndustryCompare': <IndustryComparePage />,
  '/stock': <p>个股详情页</p>,
};

const compareRoutes: StubRoutes = {
  'stock.stockCompare': ok(stockCompareFixture),
  'market.dayKV2': ok(dayK),
};

/** The cells of a row of the comparison table, after its label. */
function rowCells(table: HTMLElement, label: string): HTMLElement[] {
  const header = within(table).getByRole('rowheader', { name: label });
  return [...(header.closest('tr')?.querySelectorAll('td') ?? [])] as HTMLElement[];
}

describe('/stockCompare', () => {
  it('shows the stocks side by side with the best value of each row marked', async () => {
    const server = stubApi(compareRoutes);
    renderPages('/stockCompare?codes=600519.SH,000858.SZ', pages);
    const table = await screen.findByRole('table', { name: '个股对比' });
    expect(
      within(table)
        .getByRole('link', { name: /贵州茅台/ })
        .getAttribute('href'),
    ).toBe('/stock?stockCode=600519.SH');
    const pe = rowCells(table, '市盈率');
    expect(pe.map((cell) => cell.textContent)).toEqual(['28.53', '16.2（最优）']);
    expect(pe[1]?.dataset.best).toBe('true');
    const roe = rowCells(table, 'ROE');
    expect(roe[0]?.textContent).toBe('30.12%（最优）');
    // Lower debt is better; the change rows are coloured.
    expect(rowCells(table, '资产负债率')[0]?.dataset.best).toBe('true');
    expect(rowCells(table, '净利同比')[1]?.querySelector('[data-tone]')?.getAttribute('data-tone')).toBe(
      'down',
    );
    expect(server.calls('stock.stockCompare')[0]?.codes).toEqual(['600519.SH', '000858.SZ']);
  });

  it('reads price, 涨跌幅, 市值, PE and PB from the live quote, as the stock page header does', async () => {
    live.quotes.set('600519.SH', quoteOf('600519.SH', { price: 1530, chgPct: 0.02, pe: 28.71, pb: 9.16 }));
    stubApi(compareRoutes);
    renderPages('/stockCompare?codes=600519.SH,000858.SZ', pages);
    const table = await screen.findByRole('table', { name: '个股对比' });
    expect(rowCells(table, '市盈率')[0]?.textContent).toBe('28.71');
    expect(rowCells(table, '市净率')[0]?.textContent).toBe('9.16');
    // 五粮液 has no live quote here: its figures stay as loaded.
    expect(rowCells(table, '市盈率')[1]?.textContent).toBe('16.2（最优）');
  });

  it('draws the normalised prices from the K-lines and switches the range', async () => {
    stubApi(compareRoutes);
    renderPages('/stockCompare?codes=600519.SH,000858.SZ', pages);
    const chart = await screen.findByRole('img', { name: /区间涨跌幅/ });
    // Both stocks are drawn from the same three bars: +2.05% from 1490 (forward-adjusted) to 1520.5.
    expect(chart.getAttribute('aria-label')).toContain('贵州茅台 +');
    const year = screen.getByRole('button', { name: '1年' });
    fireEvent.click(year);
    expect(year.getAttribute('aria-pressed')).toBe('true');
  });

  it('links to the other comparisons of the same stocks', async () => {
    stubApi(compareRoutes);
    renderPages('/stockCompare?codes=600519.SH,000858.SZ', pages);
    const links = await screen.findByRole('navigation', { name: '更多对比' });
    expect(within(links).getByRole('link', { name: '杜邦分析对比' }).getAttribute('href')).toBe(
      '/dupont-compare?codes=600519.SH%2C000858.SZ',
    );
    expect(within(links).getByRole('link', { name: '行业对比' }).getAttribute('href')).toBe(
      '/IndustryCompare?code=600519.SH',
    );
  });

  it('asks for a second stock when the link has one', async () => {
    stubApi(compareRoutes);
    renderPages('/stockCompare?codes=600519.SH', pages);
    expect(await screen.findByText('请选择 2–5 只股票进行对比')).toBeTruthy();
    expect(screen.getByRole('link', { name: '添加对比股票' }).getAttribute('href')).toBe(
      '/compare-search?type=stock&codes=600519.SH',
    );
  });

  it('shows a failed load with 重新加载', async () => {
    let answer: EndpointAnswer<'stock.stockCompare'> = failure('404', '未找到代码 688999.SH 对应的品种');
    stubApi({ ...compareRoutes, 'stock.stockCompare': () => answer });
    renderPages('/stockCompare?codes=600519.SH,688999.SH', pages);
    const alert = await screen.findByRole('alert');
    answer = ok(stockCompareFixture);
    fireEvent.click(within(alert).getByRole('button', { name: '重新加载' }));
    await screen.findByRole('table', { name: '个股对比' });
  });
});

describe('/stockCompareNew', () => {
  it('shows the same rows in sections by theme', async () => {
    stubApi(compareRoutes);
    renderPages('/stockCompareNew?codes=600519.SH,000858.SZ', pages);
    const valuation = await screen.findByRole('table', { name: '估值' });
    expect(rowCells(valuation, '市盈率')[0]?.textContent).toBe('28.53');
    expect(screen.getByRole('table', { name: '成长' })).toBeTruthy();
    expect(screen.queryByRole('table', { name: '个股对比' })).toBeNull();
  });
});

describe('/compare-search and /compare-result', () => {
  it('adds a second stock by search to the preselected one and opens the comparison', async () => {
    stubApi({
      ...compareRoutes,
      'market.queryName': ok([{ code: '600519.SH', name: '贵州茅台', type: 'capital' }]),
      'market.searchV4': ok(searchFixture),
    });
    renderPages('/compare-search?type=stock&codes=600519.SH', pages);
    const chosen = await screen.findByRole('list', { name: '已选品种' });
    await within(chosen).findByText('贵州茅台');
    const start = screen.getByRole('button', { name: '开始对比' }) as HTMLButtonElement;
    expect(start.disabled).toBe(true);
    fireEvent.change(screen.getByRole('searchbox', { name: '搜索股票' }), { target: { value: '五粮' } });
    fireEvent.click(await screen.findByRole('button', { name: '添加五粮液' }));
    expect(within(chosen).getByText('五粮液')).toBeTruthy();
    expect(screen.getByRole('button', { name: '五粮液已添加' })).toBeTruthy();
    expect(start.disabled).toBe(false);
    fireEvent.click(start);
    // /compare-result shows the stock comparison of the chosen codes.
    await screen.findByRole('table', { name: '个股对比' });
  });

  it('opens the fund comparison for chosen funds', async () => {
    // The fund comparison's own figures are tested with its page (features/fund/compare).
    const server = stubApi({ 'fund.fundCompare': ok({ list: [] }) });
    renderPages('/compare-result?type=fund&codes=005827.OF,161725.OF', pages);
    await screen.findByRole('table', { name: '基金对比' });
    expect(server.calls('fund.fundCompare')[0]?.codes).toEqual(['005827.OF', '161725.OF']);
  });

  it('removes a chosen item and starts a new choice when the kind changes', async () => {
    stubApi({
      'market.queryName': ok([
        { code: '600519.SH', name: '贵州茅台', type: 'capital' },
        { code: '000858.SZ', name: '五粮液', type: 'capital' },
      ]),
    });
    renderPages('/compare-search?codes=600519.SH,000858.SZ', pages);
    fireEvent.click(await screen.findByRole('button', { name: '移除五粮液' }));
    expect((screen.getByRole('button', { name: '开始对比' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: '基金' }));
    expect(screen.getByText('尚未选择，请在下方搜索添加')).toBeTruthy();
    expect(screen.getByRole('searchbox', { name: '搜索基金' })).toBeTruthy();
  });
});

describe('/dupont-compare', () => {
  it('shows the DuPont factors of the newest period and another period on choice', async () => {
    stubApi({ 'stock.dupontCompare': ok(dupontFixture) });
    renderPages('/dupont-compare?codes=600519.SH,600036.SH', pages);
    const table = await screen.findByRole('table', { name: '杜邦分析 2024中报' });
    expect(rowCells(table, 'ROE').map((cell) => cell.textContent)).toEqual(['18.00%（最优）', '8.80%']);
    expect(rowCells(table, '权益乘数').map((cell) => cell.textContent)).toEqual(['1.20', '11.00']);
    fireEvent.change(screen.getByRole('combobox'), { target: { value: '20240331' } });
    const earlier = await screen.findByRole('table', { name: '杜邦分析 2024一季报' });
    // 招商银行 has no figures for that period in the fixture.
    expect(rowCells(earlier, 'ROE').map((cell) => cell.textContent)).toEqual(['9.75%', '--']);
  });
});

describe('/diff', () => {
  it('lists the figures on which the stocks differ most, naming the highest and lowest', async () => {
    stubApi(compareRoutes);
    renderPages('/diff?codes=600519.SH,000858.SZ', pages);
    const list = await screen.findByRole('list', { name: '差异排行' });
    const first = within(list).getAllByRole('listitem')[0];
    // 净利同比 +16% against −5%: the widest spread relative to its size.
    expect(first?.dataset.row).toBe('netProfitYoy');
    expect(first?.textContent).toContain('最高 贵州茅台 16.00%');
    expect(first?.textContent).toContain('最低 五粮液 -5.00%');
  });
});

describe('/IndustryCompare', () => {
  it('ranks the stock within its industry and shows the industry table', async () => {
    stubApi({ 'stock.industryCompareDetail': ok(industryCompare) });
    renderPages('/IndustryCompare?code=600519.SH', pages);
    const ranks = await screen.findByRole('region', { name: '行业排名' });
    await within(ranks).findByText('第 2/2 名');
    const pe = ranks.querySelector('[data-column="pe"]');
    expect(pe?.textContent).toContain('第 2/2 名');
    expect(ranks.querySelector('[data-column="marketCap"]')?.textContent).toContain('第 1/2 名');
    // 五粮液 has no ROE: the rank counts the peers that have one.
    expect(ranks.querySelector('[data-column="roe"]')?.textContent).toContain('第 1/1 名');
    expect(await screen.findByRole('region', { name: '行业对比' })).toBeTruthy();
  });
});
