import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Quote } from '@zhicai/contract';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { ok, type StubRoutes, serverFailure, stubApi } from '../../../../testing/api-stub.ts';
import { minuteRows } from '../../../../testing/quote-fixtures.ts';
import { renderPages } from '../../../../testing/render.tsx';
import {
  concepts,
  electronicsAnalysis,
  electronicsDetail,
  electronicsQuote,
  groups,
  industries,
  regions,
  techEtfs,
  tuyere,
} from '../testing/industry-fixtures.ts';
import IndustryAnalysisPage from './industry-analysis-page.tsx';
import IndustryDetailPage from './industry-detail-page.tsx';
import IndustryGroupDetailPage from './industry-group-detail-page.tsx';
import IndustryGroupEtfPage from './industry-group-etf-page.tsx';
import IndustryGroupPage from './industry-group-page.tsx';
import IndustryListPage from './industry-list-page.tsx';
import SearchIndustryPage from './search-industry-page.tsx';
import SegmentsPage from './segments-page.tsx';
import TuyereDetailsPage from './tuyere-details-page.tsx';
import TuyereMorePage from './tuyere-more-page.tsx';

const live = vi.hoisted(() => ({ quotes: new Map<string, Quote>(), refreshes: 0 }));

vi.mock('../../../../platform/quotes/index.ts', () => ({
  useLiveQuotes: () => ({
    quotes: live.quotes,
    status: 'ready',
    error: null,
    lastTickAt: Date.now(),
    refresh: async () => {
      live.refreshes += 1;
    },
  }),
}));
vi.mock('../../../../charts/intraday/index.ts', async () => ({
  IntradayChart: (await import('../../../../testing/chart-stubs.tsx')).IntradayChartStub,
}));
vi.mock('../../../../charts/kline/index.ts', async () => ({
  KlineChart: (await import('../../../../testing/chart-stubs.tsx')).KlineChartStub,
}));

const pages = {
  '/SearchIndustry': <SearchIndustryPage />,
  '/industry': <IndustryListPage />,
  '/segments': <SegmentsPage />,
  '/IndustryDetail': <IndustryDetailPage />,
  '/IndustryAnalysis': <IndustryAnalysisPage />,
  '/tuyereMore': <TuyereMorePage />,
  '/tuyereDetails': <TuyereDetailsPage />,
  '/IndustryGroup': <IndustryGroupPage />,
  '/IndustryGroupDetail': <IndustryGroupDetailPage />,
  '/IndustryGroupETF': <IndustryGroupEtfPage />,
};

const renderAt = (path: string) => renderPages(path, pages).router;

function routes(overrides: StubRoutes = {}): StubRoutes {
  return {
    'market.plateList': (params) => ok(params.kind === 'concept' ? concepts : industries),
    'market.plateDetail': ok(electronicsDetail),
    'market.industryAnalysis': ok(electronicsAnalysis),
    'market.tuyereList': ok(tuyere),
    'market.industryGroups': ok(groups),
    'market.regionPlates': ok(regions),
    'market.industryGroupEtfs': ok(techEtfs),
    'market.subscribeShare': ok(minuteRows('20240628', [2715.3, 2800])),
    'market.dayKV2': ok({ list: [], factors: [], floatShares: [] }),
    ...overrides,
  };
}

const tileNames = (list: HTMLElement) =>
  within(list)
    .getAllByRole('link')
    .map((link) => link.querySelector('.industry-tile__name')?.textContent);

beforeEach(() => {
  live.quotes = new Map();
  live.refreshes = 0;
});

describe('/SearchIndustry', () => {
  it('shows the industries best first with their change and leader, and sorts by amount', async () => {
    stubApi(routes());
    renderAt('/SearchIndustry');
    expect(screen.getByTestId('industry-skeleton')).toBeTruthy();
    const grid = await screen.findByRole('list', { name: '行业列表' });
    expect(tileNames(grid)).toEqual(['电子', '食品饮料', '银行']);
    const electronics = within(grid).getByRole('link', { name: /电子/ });
    expect(electronics.getAttribute('href')).toBe('/IndustryDetail?code=801080.ZSI');
    expect(electronics.textContent).toContain('▲+3.12%');
    expect(electronics.textContent).toContain('电子龙头');
    expect(within(grid).getByRole('link', { name: /银行/ }).textContent).toContain('▼-2.10%');
    fireEvent.click(screen.getByRole('button', { name: '成交额' }));
    expect(tileNames(grid)).toEqual(['电子', '银行', '食品饮料']);
    // A second press turns the order around.
    fireEvent.click(screen.getByRole('button', { name: '成交额' }));
    expect(tileNames(grid)).toEqual(['食品饮料', '银行', '电子']);
  });

  it('follows the live index quotes: a tick reorders the grid', async () => {
    live.quotes = new Map([
      ['801780.ZSI', { ...electronicsQuote, code: '801780.ZSI', name: '银行', chgPct: 0.05 }],
    ]);
    stubApi(routes());
    renderAt('/SearchIndustry');
    const grid = await screen.findByRole('list', { name: '行业列表' });
    expect(tileNames(grid)).toEqual(['银行', '电子', '食品饮料']);
  });

  it('finds industries and concepts by name, and says so when nothing matches', async () => {
    stubApi(routes());
    renderAt('/SearchIndustry');
    await screen.findByRole('list', { name: '行业列表' });
    fireEvent.change(screen.getByRole('searchbox', { name: '搜索行业或概念' }), {
      target: { value: '半导' },
    });
    const table = await screen.findByRole('table', { name: '搜索结果' });
    const link = within(table).getByRole('link', { name: /半导体/ });
    expect(link.getAttribute('href')).toBe('/IndustryDetail?code=884160.WI');
    expect(within(table).queryByText('电子')).toBeNull();
    fireEvent.change(screen.getByRole('searchbox', { name: '搜索行业或概念' }), {
      target: { value: '火星' },
    });
    expect(await screen.findByText('没有名称含“火星”的行业或概念')).toBeTruthy();
  });

  it('shows the failure with 重新加载 and recovers; says so when there are no industries', async () => {
    let calls = 0;
    stubApi(
      routes({
        'market.plateList': (params) => {
          if (params.kind === 'concept') return ok(concepts);
          calls += 1;
          return calls === 1 ? serverFailure : ok(industries);
        },
      }),
    );
    renderAt('/SearchIndustry');
    expect(await screen.findByText('行业数据加载失败，请检查网络后重试')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '重新加载' }));
    expect(await screen.findByRole('list', { name: '行业列表' })).toBeTruthy();
  });

  it('says so when the market has no industries', async () => {
    stubApi(routes({ 'market.plateList': ok({ tradingDay: 20240628, list: [] }) }));
    renderAt('/SearchIndustry');
    expect(await screen.findByText('暂无行业数据')).toBeTruthy();
  });

  it('opens an industry on tap and links the plate pages', async () => {
    stubApi(routes());
    const router = renderAt('/SearchIndustry');
    const nav = screen.getByRole('navigation', { name: '板块入口' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/industry', '/industry?kind=concept', '/tuyereMore', '/IndustryGroup', '/segments']);
    fireEvent.click(
      within(await screen.findByRole('list', { name: '行业列表' })).getByRole('link', { name: /电子/ }),
    );
    expect(await screen.findByRole('heading', { name: '电子', level: 1 })).toBeTruthy();
    expect(router.state.location.search).toBe('?code=801080.ZSI');
  });
});

describe('/industry and /segments', () => {
  it('ranks every industry in a table, sorts by a header and switches to concepts', async () => {
    const server = stubApi(routes());
    renderAt('/industry');
    const table = await screen.findByRole('table', { name: '行业板块排行' });
    const names = () =>
      within(table)
        .getAllByRole('link')
        .map((link) => link.textContent?.replace(/^\d+/, ''));
    expect(names()).toEqual(['电子', '食品饮料', '银行']);
    fireEvent.click(within(table).getByRole('button', { name: /涨\/跌/ }));
    expect(names()).toEqual(['电子', '食品饮料', '银行']);
    fireEvent.click(within(table).getByRole('button', { name: /成交额/ }));
    expect(names()).toEqual(['电子', '银行', '食品饮料']);
    // Another column sorts best first; tapping the sorted one again turns it around.
    fireEvent.click(within(table).getByRole('button', { name: /涨跌幅/ }));
    expect(names()).toEqual(['电子', '食品饮料', '银行']);
    fireEvent.click(within(table).getByRole('button', { name: /涨跌幅/ }));
    expect(names()).toEqual(['银行', '食品饮料', '电子']);
    fireEvent.click(screen.getByRole('button', { name: '概念' }));
    const conceptTable = await screen.findByRole('table', { name: '概念板块排行' });
    // The chosen sort (涨跌幅, lowest first) stays when the kind changes.
    expect(
      within(conceptTable)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['1白酒', '2半导体']);
    expect(server.calls('market.plateList').some((call) => call.kind === 'concept')).toBe(true);
  });

  it('shows the strongest and weakest plates on /segments', async () => {
    stubApi(routes());
    renderAt('/segments?tab=concept');
    const best = await screen.findByRole('list', { name: '概念涨幅榜' });
    expect(tileNames(best)).toEqual(['半导体', '白酒']);
    expect(tileNames(screen.getByRole('list', { name: '概念跌幅榜' }))).toEqual(['白酒', '半导体']);
    expect(screen.getByRole('link', { name: '全部' }).getAttribute('href')).toBe('/industry?kind=concept');
  });
});

describe('/segments 地域', () => {
  it('ranks the regions, their leaders opening the stock', async () => {
    stubApi(routes());
    renderAt('/segments');
    await screen.findByRole('list', { name: '行业涨幅榜' });
    fireEvent.click(screen.getByRole('button', { name: '地域' }));
    expect(screen.getByTestId('region-skeleton')).toBeTruthy();
    const table = await screen.findByRole('table', { name: '地域板块排行' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.querySelector('.industry-table__name')?.textContent)).toEqual([
      '1广东',
      '2北京',
    ]);
    expect(within(table).getByRole('link', { name: '立讯精密' }).getAttribute('href')).toBe(
      '/stock?stockCode=002475.SZ',
    );
    expect(rows[1]?.querySelectorAll('td')[1]?.textContent).toBe('▼-0.50%');
  });

  it('shows a failure with 重新加载 and the empty state', async () => {
    let calls = 0;
    stubApi(
      routes({
        'market.regionPlates': () => {
          calls += 1;
          return calls === 1 ? serverFailure : ok({ list: [] });
        },
      }),
    );
    renderAt('/segments?tab=region');
    expect(await screen.findByText('地域板块加载失败，请检查网络后重试')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '重新加载' }));
    expect(await screen.findByText('暂无地域板块')).toBeTruthy();
  });
});

describe('/IndustryDetail', () => {
  it('shows the index quote with the same change as the list, breadth, members, leaders and ETFs', async () => {
    live.quotes = new Map([['801080.ZSI', electronicsQuote]]);
    stubApi(routes());
    renderAt('/IndustryDetail?code=801080.ZSI');
    expect(await screen.findByRole('heading', { name: '电子', level: 1 })).toBeTruthy();
    const header = screen.getByRole('region', { name: '行情' });
    expect(within(header).getByText('涨跌幅', { selector: 'dt' }).nextElementSibling?.textContent).toBe(
      '▲+3.12%',
    );
    expect(await screen.findByText('上涨 9 家')).toBeTruthy();
    expect(screen.getByText('涨停 1')).toBeTruthy();
    const leaders = screen.getByRole('list', { name: '领涨股' });
    expect(within(leaders).getAllByRole('link')[0]?.textContent).toBe('中芯国际');
    expect(within(screen.getByRole('list', { name: '领跌股' })).getAllByRole('link')[0]?.textContent).toBe(
      '京东方A',
    );
    const members = screen.getByRole('table', { name: '成分股' });
    expect(
      within(members)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['中芯国际', '海康威视', '立讯精密', '京东方A']);
    fireEvent.click(within(members).getByRole('button', { name: /成交额/ }));
    expect(within(members).getAllByRole('link')[1]?.textContent).toBe('立讯精密');
    expect(within(members).getAllByRole('link')[0]?.getAttribute('href')).toBe('/stock?stockCode=688981.SH');
    const etfs = screen.getByRole('table', { name: '相关ETF' });
    expect(within(etfs).getByRole('link', { name: '物流ETF银华' }).getAttribute('href')).toContain(
      '563286.SH',
    );
    expect(screen.getByRole('link', { name: '行业分析' }).getAttribute('href')).toBe(
      '/IndustryAnalysis?code=801080.ZSI',
    );
    expect(screen.getByRole('link', { name: '科技分组' }).getAttribute('href')).toBe(
      '/IndustryGroupDetail?group=tech',
    );
  });

  it('says so when the plate has no members or ETFs, and shows a failure with 重新加载', async () => {
    let calls = 0;
    stubApi(
      routes({
        'market.plateDetail': () => {
          calls += 1;
          return calls === 1 ? serverFailure : ok({ ...electronicsDetail, members: [], etfs: [] });
        },
      }),
    );
    renderAt('/IndustryDetail?code=801080.ZSI');
    const section = await screen.findByRole('region', { name: '成分股' });
    expect(await within(section).findByText('成分股加载失败，请检查网络后重试')).toBeTruthy();
    fireEvent.click(within(section).getByRole('button', { name: '重新加载' }));
    expect(await within(section).findByText('暂无成分股')).toBeTruthy();
    expect(screen.getByText('暂无跟踪该指数的 ETF')).toBeTruthy();
  });

  it('asks for a code when the link has none', () => {
    stubApi(routes());
    renderAt('/IndustryDetail');
    expect(screen.getByText('缺少代码，无法显示详情')).toBeTruthy();
  });
});

describe('/IndustryAnalysis', () => {
  it('shows valuation percentiles, amount share, turnover, breadth and the amount trend', async () => {
    stubApi(routes());
    renderAt('/IndustryAnalysis?code=801080.ZSI');
    expect(await screen.findByRole('heading', { name: '电子 · 行业分析', level: 1 })).toBeTruthy();
    const valuation = screen.getByRole('region', { name: '估值' });
    const figure = (region: HTMLElement, term: string) =>
      within(region).getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(figure(valuation, '市盈率 PE')).toBe('35.21');
    expect(figure(valuation, 'PE 历史分位')).toBe('42.5%');
    expect(figure(valuation, 'PB 历史分位')).toBe('61.2%');
    const today = screen.getByRole('region', { name: '今日概况' });
    expect(figure(today, '涨跌幅')).toBe('▲+3.12%');
    expect(figure(today, '占两市成交')).toBe('5.00%');
    expect(figure(today, '换手率')).toBe('2.34%');
    expect(
      within(screen.getByRole('list', { name: '近3个交易日成交额' })).getAllByRole('listitem'),
    ).toHaveLength(3);
    expect(screen.getByText('上涨 9 家')).toBeTruthy();
    const shares = screen.getByRole('table', { name: '近5日成交占比' });
    const first = within(shares).getAllByRole('row')[1];
    expect(first?.textContent).toBe('2024-06-28500.0亿1.00万亿5.00%');
  });

  it('shows the failure with 重新加载', async () => {
    let calls = 0;
    stubApi(
      routes({
        'market.industryAnalysis': () => {
          calls += 1;
          return calls === 1 ? serverFailure : ok({ ...electronicsAnalysis, trend: [] });
        },
      }),
    );
    renderAt('/IndustryAnalysis?code=801080.ZSI');
    const section = await screen.findByRole('region', { name: '估值' });
    expect(await within(section).findByText('估值加载失败，请检查网络后重试')).toBeTruthy();
    fireEvent.click(within(section).getByRole('button', { name: '重新加载' }));
    expect(await screen.findByText('暂无成交历史')).toBeTruthy();
  });
});

describe('风口', () => {
  it('ranks the concepts by momentum and opens one', async () => {
    stubApi(routes());
    renderAt('/tuyereMore');
    expect(screen.getByTestId('tuyere-skeleton')).toBeTruthy();
    const table = await screen.findByRole('table', { name: '风口板块' });
    const links = within(table).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(['1人工智能', '2半导体']);
    expect(links[0]?.getAttribute('href')).toBe('/tuyereDetails?code=884201.WI');
    expect(within(table).getByText('14.00')).toBeTruthy();
    fireEvent.click(links[1] as HTMLElement);
    expect(await screen.findByRole('region', { name: '风口动量' })).toBeTruthy();
  });

  it('shows one plate with its momentum figures and members', async () => {
    stubApi(routes());
    renderAt('/tuyereDetails?code=801080.ZSI');
    const momentum = await screen.findByRole('region', { name: '风口动量' });
    expect(await within(momentum).findByText('12.00')).toBeTruthy();
    expect(within(momentum).getByText('5日涨幅').nextElementSibling?.textContent).toBe('▲+8.00%');
    expect(await screen.findByRole('table', { name: '成分股' })).toBeTruthy();
  });

  it('says so when there are no concept plates', async () => {
    stubApi(routes({ 'market.tuyereList': ok({ list: [] }) }));
    renderAt('/tuyereMore');
    expect(await screen.findByText('暂无概念板块')).toBeTruthy();
  });
});

describe('行业分组', () => {
  it('lists the groups and opens one with its industries and ETF link', async () => {
    stubApi(routes());
    renderAt('/IndustryGroup');
    expect(screen.getByTestId('groups-skeleton')).toBeTruthy();
    const tech = await screen.findByRole('link', { name: '科技分组详情' });
    expect(tech.textContent).toContain('中芯国际');
    fireEvent.click(tech);
    const table = await screen.findByRole('table', { name: '组内行业' });
    expect(
      within(table)
        .getAllByRole('link')
        .map((link) => link.textContent?.replace(/^\d+/, '')),
    ).toEqual(['电子', '计算机']);
    fireEvent.click(screen.getByRole('link', { name: '相关ETF' }));
    const etfs = await screen.findByRole('table', { name: '行业ETF' });
    expect(within(etfs).getByText(/物流ETF银华/)).toBeTruthy();
  });

  it('says so for an unknown group and for a group without ETFs', async () => {
    stubApi(
      routes({ 'market.industryGroupEtfs': ok({ group: { code: 'health', name: '医药' }, list: [] }) }),
    );
    renderAt('/IndustryGroupETF?group=moon');
    expect(screen.getByText('没有这个行业分组')).toBeTruthy();
    renderAt('/IndustryGroupETF?group=health');
    expect(await screen.findByText('暂无跟踪该组行业指数的 ETF')).toBeTruthy();
  });

  it('reloads the groups on pull-to-refresh failure recovery', async () => {
    let calls = 0;
    stubApi(
      routes({
        'market.industryGroups': () => {
          calls += 1;
          return calls === 1 ? serverFailure : ok(groups);
        },
      }),
    );
    renderAt('/IndustryGroup');
    expect(await screen.findByText('行业分组加载失败，请检查网络后重试')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '重新加载' }));
    await waitFor(() => expect(screen.getByRole('link', { name: '科技分组详情' })).toBeTruthy());
  });
});

describe('a link that names no plate', () => {
  it('says so instead of showing a stock as an industry', () => {
    const server = stubApi(routes());
    renderAt('/IndustryDetail?code=600519.SH');
    expect(screen.getByText('600519.SH 不是行业或概念板块')).toBeTruthy();
    renderAt('/IndustryAnalysis?code=600519.SH');
    expect(screen.getAllByText('600519.SH 不是行业或概念板块')).toHaveLength(2);
    expect(server.calls('market.plateDetail')).toHaveLength(0);
  });
});
