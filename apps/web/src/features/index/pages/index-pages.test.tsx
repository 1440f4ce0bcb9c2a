import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Quote } from '@zhicai/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EndpointData } from '../../../platform/query/endpoint-query.ts';
import {
  type EndpointAnswer,
  ok,
  type StubParams,
  type StubRoutes,
  serverFailure,
  stubApi,
} from '../../../testing/api-stub.ts';
import { minuteRows, quoteOf } from '../../../testing/quote-fixtures.ts';
import { renderPages } from '../../../testing/render.tsx';
import { readSavedStockList } from '../../stock/index.ts';
import ComponentStockListPage from './component-stock-list-page.tsx';
import IndexStockPage from './index-stock-page.tsx';

const live = vi.hoisted(() => ({ quotes: new Map<string, Quote>() }));

vi.mock('../../../platform/quotes/index.ts', () => ({
  useLiveQuotes: () => ({
    quotes: live.quotes,
    status: 'ready',
    error: null,
    lastTickAt: Date.now(),
    refresh: async () => undefined,
  }),
}));
vi.mock('../../../charts/intraday/index.ts', async () => ({
  IntradayChart: (await import('../../../testing/chart-stubs.tsx')).IntradayChartStub,
}));
vi.mock('../../../charts/kline/index.ts', async () => ({
  KlineChart: (await import('../../../testing/chart-stubs.tsx')).KlineChartStub,
}));

const names = [
  '贵州茅台',
  '宁德时代',
  '中国平安',
  '招商银行',
  '美的集团',
  '五粮液',
  '兴业银行',
  '长江电力',
  '紫金矿业',
  '恒瑞医药',
];

/** 45 constituents: weight falls with the index, change alternates up and down. */
const constituents = Array.from({ length: 45 }, (_, i) => ({
  code: `${String(600000 + i)}.SH`,
  name: names[i] ?? `成分${i + 1}`,
  weight: (50 - i) / 1000,
  price: 10 + i,
  chgPct: i % 2 === 0 ? 0.01 : -0.01,
}));

function constituentsAnswer({
  page,
  size,
  sort,
  order,
}: StubParams<'index.constituents'>): EndpointAnswer<'index.constituents'> {
  const sorted = [...constituents];
  if (sort === 'chgPct') sorted.sort((a, b) => (b.chgPct ?? 0) - (a.chgPct ?? 0));
  if (order === 'asc') sorted.reverse();
  return ok({ total: sorted.length, list: sorted.slice((page - 1) * size, page * size) });
}

const swMap: EndpointData<'index.swMap'> = {
  sw1Count: 2,
  sw2Count: 0,
  sw3Count: 0,
  sw1: [
    { code: '801120.ZSI', capitalOrIndex: 'index_hy', name: '食品饮料', weight: 12.5 },
    { code: '801780.ZSI', capitalOrIndex: 'index_hy', name: '银行', weight: 25 },
  ],
  sw2: [],
  sw3: [],
};

function renderAt(path: string) {
  return renderPages(path, {
    '/indexStock': <IndexStockPage />,
    '/componentStockList': <ComponentStockListPage />,
    '/stock': <p>个股页</p>,
  }).router;
}

/** Every call of the index pages answered; the industry split only for `code`. */
function routes(code: string): StubRoutes {
  return {
    'market.subscribeShare': ok(minuteRows('20240628', [3500, 3510])),
    'market.dayKV2': ok({ list: [], factors: [], floatShares: [] }),
    'index.constituents': constituentsAnswer,
    'index.swMap': (params) => (params.code === code ? ok(swMap) : ok({ ...swMap, sw1: [] })),
  };
}

beforeEach(() => {
  live.quotes = new Map([
    [
      '000300.SH',
      quoteOf('000300.SH', {
        name: '沪深300',
        type: 'index_hs',
        price: 3512.3,
        prevClose: 3500,
        open: 3498,
        chg: 12.3,
        chgPct: 0.003514,
        turnoverRate: null,
        pe: null,
        pb: null,
        marketCap: null,
        floatMarketCap: null,
        limitUp: null,
        limitDown: null,
      }),
    ],
  ]);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('/indexStock', () => {
  it('shows the index quote without stock-only figures', async () => {
    stubApi(routes('000300.SH'));
    renderAt('/indexStock?stockCode=000300.SH');
    expect(await screen.findByRole('heading', { name: '沪深300' })).toBeTruthy();
    expect(screen.getByText('指数')).toBeTruthy();
    const header = screen.getByRole('region', { name: '行情' });
    expect(header.dataset.tone).toBe('up');
    const change = within(header).getByText('涨跌幅', { selector: 'dt' }).nextElementSibling;
    expect(change?.textContent).toBe('▲+0.35%');
    expect(
      within(header)
        .getAllByRole('term')
        .map((term) => term.textContent),
    ).toEqual(['最新价', '涨跌额', '涨跌幅', '今开', '最高', '最低', '昨收', '成交额', '振幅']);
    expect(await screen.findByRole('img', { name: '分时图 2 分钟 昨收 3500 共 241 分钟' })).toBeTruthy();
  });

  it('lists the ten heaviest constituents and links to all of them', async () => {
    const server = stubApi(routes('000300.SH'));
    renderAt('/indexStock?stockCode=000300.SH');
    const section = await screen.findByRole('region', { name: '成分股' });
    const list = await within(section).findByRole('list', { name: '权重前十成分股' });
    const rows = within(list).getAllByRole('button');
    expect(rows).toHaveLength(10);
    expect(rows[0]?.textContent).toContain('贵州茅台');
    expect(rows[0]?.textContent).toContain('5.00%');
    expect(rows[0]?.querySelector('[data-tone]')?.textContent).toBe('▲+1.00%');
    expect(rows[0]?.querySelector('[data-tone]')?.getAttribute('data-tone')).toBe('up');
    expect(rows[1]?.querySelector('[data-tone]')?.textContent).toBe('▼-1.00%');
    expect(rows[1]?.querySelector('[data-tone]')?.getAttribute('data-tone')).toBe('down');
    expect(within(section).getByRole('link', { name: '查看全部' }).getAttribute('href')).toBe(
      '/componentStockList?stockCode=000300.SH',
    );
    const call = server.calls('index.constituents')[0];
    expect(call?.size).toBe(10);
    expect(call?.code).toBe('000300.SH');
  });

  it('draws the SW level-1 industries as bars, heaviest first', async () => {
    stubApi(routes('000300.SH'));
    renderAt('/indexStock?stockCode=000300.SH');
    const bars = await screen.findByRole('list', { name: '申万一级行业权重' });
    const items = within(bars).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual(['银行25.00%', '食品饮料12.50%']);
    const fill = items[1]?.querySelector<HTMLElement>('.industry-bars__fill');
    expect(fill?.style.width).toBe('50%');
  });

  it('works for an SW industry index too', async () => {
    live.quotes = new Map([['801080.ZSI', quoteOf('801080.ZSI', { name: '电子', type: 'index_hy' })]]);
    stubApi(routes('801080.ZSI'));
    renderAt('/indexStock?stockCode=801080.ZSI');
    expect(await screen.findByRole('heading', { name: '电子' })).toBeTruthy();
    expect(await screen.findByRole('list', { name: '申万一级行业权重' })).toBeTruthy();
  });

  it('shows the errors with 重新加载 and the empty industry state', async () => {
    let calls = 0;
    stubApi({
      ...routes('000300.SH'),
      'index.constituents': (params) => {
        calls += 1;
        return calls === 1 ? serverFailure : constituentsAnswer(params);
      },
      'index.swMap': ok({ ...swMap, sw1: [] }),
    });
    renderAt('/indexStock?stockCode=000300.SH');
    const section = await screen.findByRole('region', { name: '成分股' });
    expect(await within(section).findByText('成分股加载失败')).toBeTruthy();
    fireEvent.click(within(section).getByRole('button', { name: '重新加载' }));
    expect(await within(section).findByText('贵州茅台')).toBeTruthy();
    expect(await screen.findByText('暂无行业分布数据')).toBeTruthy();
  });
});

describe('/componentStockList', () => {
  it('pages 20 at a time and says when all are loaded', async () => {
    stubApi(routes('000300.SH'));
    renderAt('/componentStockList?stockCode=000300.SH');
    const list = await screen.findByRole('list', { name: '成分股列表' });
    expect(within(list).getAllByRole('button')).toHaveLength(20);
    fireEvent.click(screen.getByRole('button', { name: '加载更多' }));
    await waitFor(() => expect(within(list).getAllByRole('button')).toHaveLength(40));
    fireEvent.click(screen.getByRole('button', { name: '加载更多' }));
    await waitFor(() => expect(within(list).getAllByRole('button')).toHaveLength(45));
    expect(screen.getByText('没有更多了')).toBeTruthy();
  });

  it('sorts by weight or change, flipping the order on a second tap', async () => {
    const server = stubApi(routes('000300.SH'));
    renderAt('/componentStockList?stockCode=000300.SH');
    await screen.findByRole('list', { name: '成分股列表' });
    const lastQuery = () => {
      const last = server.calls('index.constituents').at(-1);
      return `${last?.sort} ${last?.order}`;
    };
    expect(lastQuery()).toBe('weight desc');
    fireEvent.click(screen.getByRole('button', { name: /^涨跌幅/ }));
    await waitFor(() => expect(lastQuery()).toBe('chgPct desc'));
    expect(screen.getByRole('button', { name: /^涨跌幅/ }).getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: /^涨跌幅/ }));
    await waitFor(() => expect(lastQuery()).toBe('chgPct asc'));
    const list = await screen.findByRole('list', { name: '成分股列表' });
    await waitFor(() => expect(within(list).getAllByRole('button')[0]?.textContent).toContain('▼-1.00%'));
  });

  it('saves the list and opens the tapped stock with its index', async () => {
    stubApi(routes('000300.SH'));
    const router = renderAt('/componentStockList?stockCode=000300.SH');
    const list = await screen.findByRole('list', { name: '成分股列表' });
    fireEvent.click(within(list).getAllByRole('button')[2] as HTMLElement);
    await waitFor(() => expect(router.state.location.pathname).toBe('/stock'));
    expect(router.state.location.search).toBe('?stockCode=600002.SH&i=2');
    const saved = readSavedStockList();
    expect(saved).toHaveLength(20);
    expect(saved[2]).toEqual({ code: '600002.SH', type: 'capital' });
  });
});
