import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { href } from '@zhicai/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type EndpointAnswer, failure, ok, stubApi } from '../../../../testing/api-stub.ts';
import { renderPages } from '../../../../testing/render.tsx';
import { NorthFlow } from '../../components/north-flow.tsx';
import type { ConnectDetail } from '../api/connect-detail.ts';
import type { ConnectFlow } from '../api/connect-flow.ts';
import type { IpoCalendar, IpoRow } from '../api/ipo-calendar.ts';
import { type SwingStocks, swingRefetchMs, swingStocksQueryOptions } from '../api/swing-stocks.ts';
import NewDateStockPage from './new-date-stock-page.tsx';
import NorthDatesPage from './north-dates-page.tsx';
import StockConnectDetailPage from './stock-connect-detail-page.tsx';
import SwingStocksPage from './swing-stocks-page.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

/** A window's flow; its history holds a tenth of the window's days, to keep the renders light. */
function flow(days: number): ConnectFlow {
  const history = Array.from({ length: Math.round(days / 10) }, (_, index) => ({
    day: 20261120 - index,
    netInflow: index === 0 ? 523_000_000 : 100_000_000,
    channels: index === 0 ? [323_000_000, 200_000_000] : [60_000_000, 40_000_000],
  }));
  return {
    direction: 'north',
    tradingDay: 20261120,
    channelNames: ['沪股通', '深股通'],
    netInflow: 523_000_000,
    channels: [323_000_000, 200_000_000],
    intraday: [
      [930, -10_000_000, -4_000_000, -6_000_000],
      [931, 523_000_000, 323_000_000, 200_000_000],
    ],
    history,
    cumulative: history.reduce((sum, row) => sum + row.netInflow, 0),
  };
}

const channel = (name: string, net: number, quota: number) => ({
  name,
  buyAmount: 5_000_000_000,
  sellAmount: 5_000_000_000 - net,
  netInflow: net,
  quota,
  quotaUsed: Math.max(0, net),
  quotaLeft: quota - Math.max(0, net),
});

const detail: ConnectDetail = {
  tradingDay: 20261120,
  days: [20261120, 20261119],
  north: {
    netInflow: 523_000_000,
    channels: [channel('沪股通', 323_000_000, 52e9), channel('深股通', 200_000_000, 52e9)],
  },
  south: {
    netInflow: -100_000_000,
    channels: [channel('港股通(沪)', -55_000_000, 42e9), channel('港股通(深)', -45_000_000, 42e9)],
  },
  topTraded: {
    north: [
      {
        code: '600519.SH',
        name: '贵州茅台',
        type: 'capital',
        channel: '沪股通',
        price: 1500,
        chgPct: 0.012,
        buyAmount: 300_000_000,
        sellAmount: 200_000_000,
        netInflow: 100_000_000,
      },
    ],
    south: [],
  },
};

const ipo = (code: string, name: string, noLimit: boolean): IpoRow => ({
  code,
  name,
  type: 'capital',
  board: 'star',
  listingDay: 20261118,
  tradingDays: 3,
  firstDayChgPct: 1.25,
  firstDayClose: 45,
  noLimit,
  price: 41.2,
  chgPct: -0.05,
  sinceListingPct: 41.2 / 45 - 1,
});

const calendar: IpoCalendar = {
  tradingDay: 20261120,
  subscribing: [],
  upcoming: [],
  listed: [ipo('688999.SH', '演示新股', true), ipo('688998.SH', '较早新股', false)],
};

const swings: SwingStocks = {
  tradingDay: 20261120,
  live: true,
  list: [
    {
      code: '600519.SH',
      name: '贵州茅台',
      type: 'capital',
      kind: 'sealUp',
      minute: 1029,
      price: 11,
      chgPct: 0.1,
      value: 11,
    },
    {
      code: '000001.SZ',
      name: '平安银行',
      type: 'capital',
      kind: 'fall',
      minute: 1004,
      price: 9.6,
      chgPct: -0.04,
      value: -0.031,
    },
  ],
};

describe('/northDates', () => {
  it("shows today's net inflow, the channels, the minute line and the history; a window reloads it", async () => {
    const server = stubApi({ 'market.connectFlow': ({ days }) => ok(flow(days)) });
    renderPages(href('northDates'), { '/northDates': <NorthDatesPage /> });
    expect(screen.getByTestId('connect-flow-skeleton')).toBeTruthy();
    const today = await screen.findByRole('region', { name: '今日净流入' });
    expect(await within(today).findByText('▲+5.23亿')).toBeTruthy();
    expect(within(today).getByText('▲+3.23亿')).toBeTruthy();
    expect(within(today).getByRole('img').getAttribute('aria-label')).toBe(
      '当日分时净流入：合计 +5.23亿，沪股通 +3.23亿，深股通 +2.00亿',
    );
    const history = screen.getByRole('region', { name: '历史净流入' });
    expect(within(history).getAllByRole('row')).toHaveLength(4);
    expect(within(history).getByText('近3个交易日累计')).toBeTruthy();
    fireEvent.click(within(history).getByRole('button', { name: '近90日' }));
    await waitFor(() => expect(within(history).getAllByRole('row')).toHaveLength(10));
    expect(server.calls('market.connectFlow').map((call) => call.days)).toEqual([30, 90]);
  });

  it('links to the day’s 沪深港通详情 and to 南向资金', async () => {
    stubApi({ 'market.connectFlow': ({ days }) => ok(flow(days)) });
    renderPages(href('northDates'), { '/northDates': <NorthDatesPage /> });
    fireEvent.click(await screen.findByRole('link', { name: '沪深港通详情' }));
    expect(screen.getByTestId('destination').textContent).toBe(href('StockConnectDetail', { day: 20261120 }));
  });

  it('shows the error with 重新加载, which loads again', async () => {
    let answer: EndpointAnswer<'market.connectFlow'> = failure('999', '系统繁忙');
    const server = stubApi({ 'market.connectFlow': () => answer });
    renderPages(href('northDates'), { '/northDates': <NorthDatesPage /> });
    const retry = await screen.findAllByRole('button', { name: '重新加载' });
    answer = ok(flow(30));
    fireEvent.click(retry[0] as HTMLElement);
    expect(await screen.findAllByText('▲+5.23亿')).toBeTruthy();
    expect(server.calls('market.connectFlow').length).toBeGreaterThan(1);
  });
});

describe('/StockConnectDetail', () => {
  it("shows each channel's trades and quota, a closed Hong Kong day, and the top traded opening the stock", async () => {
    const server = stubApi({
      'market.connectDetail': ({ day }) =>
        ok(day === 20261119 ? { ...detail, tradingDay: 20261119, south: null } : detail),
    });
    renderPages(href('StockConnectDetail', { day: 20261120 }), {
      '/StockConnectDetail': <StockConnectDetailPage />,
    });
    const sh = await screen.findByRole('region', { name: '沪股通' });
    expect(within(sh).getByText('520.0亿')).toBeTruthy();
    // 剩余额度 = 520亿 − 3.23亿 used.
    expect(within(sh).getByText('516.8亿')).toBeTruthy();
    expect(within(sh).getByRole('meter', { name: '沪股通额度使用' })).toBeTruthy();
    const south = screen.getByRole('region', { name: '南向资金' });
    // A day of net selling uses no quota: all 420亿 are left.
    expect(
      within(within(south).getByRole('region', { name: '港股通(沪)' })).getAllByText('420.0亿'),
    ).toHaveLength(2);
    fireEvent.change(screen.getByRole('combobox', { name: '选择交易日' }), { target: { value: '20261119' } });
    expect(await screen.findByText('2026-11-19 港股休市，港股通暂停交易')).toBeTruthy();
    expect(server.calls('market.connectDetail').map((call) => call.day)).toEqual([20261120, 20261119]);
    const top = screen.getByRole('region', { name: '十大成交股' });
    fireEvent.click(within(top).getByRole('button', { name: '南向' }));
    expect(within(top).getByText('当日无成交')).toBeTruthy();
    fireEvent.click(within(top).getByRole('button', { name: '北向' }));
    fireEvent.click(within(top).getByRole('link', { name: /贵州茅台/ }));
    expect(screen.getByTestId('destination').textContent).toBe(href('stock', { stockCode: '600519.SH' }));
  });

  it('says what went wrong for a day without data', async () => {
    stubApi({
      'market.connectDetail': failure('404', '该日没有沪深港通数据，请选择最近 30 个交易日之一', 404),
    });
    renderPages(href('StockConnectDetail', { day: 20261122 }), {
      '/StockConnectDetail': <StockConnectDetailPage />,
    });
    expect(await screen.findByText(/该日没有沪深港通数据/)).toBeTruthy();
  });
});

describe('/newDateStock', () => {
  it('lists the latest listings, marks the first five days without limits, and opens a stock', async () => {
    stubApi({ 'market.ipoCalendar': ok(calendar) });
    renderPages(href('newDateStock'), { '/newDateStock': <NewDateStockPage /> });
    expect(screen.getByTestId('ipo-skeleton')).toBeTruthy();
    const listed = await screen.findByRole('region', { name: '已上市' });
    expect(await within(listed).findAllByText('前5日无涨跌幅限制')).toHaveLength(1);
    expect(within(listed).getAllByText('+125.0%')).toHaveLength(2);
    expect(within(listed).getAllByText('上市第3天')).toHaveLength(2);
    expect(within(listed).queryByText(/近期没有新股上市/)).toBeNull();
    fireEvent.click(within(listed).getByRole('button', { name: '今日申购' }));
    expect(await screen.findByText('今日没有新股申购')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '待上市' }));
    expect(await screen.findByText('暂无已定上市日期的新股')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '已上市' }));
    fireEvent.click(await screen.findByRole('link', { name: /演示新股/ }));
    expect(screen.getByTestId('destination').textContent).toBe(href('stock', { stockCode: '688999.SH' }));
  });

  it('says so when the latest listing is months old (the compact demo market lists nothing new)', async () => {
    const old = { ...ipo('600001.SH', '老股', false), listingDay: 20211115, tradingDays: 1217 };
    stubApi({ 'market.ipoCalendar': ok({ ...calendar, listed: [old] }) });
    renderPages(href('newDateStock'), { '/newDateStock': <NewDateStockPage /> });
    expect(await screen.findByText('近期没有新股上市，以下为最近上市的 1 只股票')).toBeTruthy();
    expect(screen.getByText('上市第1217天')).toBeTruthy();
  });
});

describe('/swingStocks', () => {
  it('lists the moves newest first, filters them by kind, and opens a stock', async () => {
    stubApi({ 'market.swingStocks': ok(swings) });
    renderPages(href('swingStocks'), { '/swingStocks': <SwingStocksPage /> });
    expect(screen.getByTestId('swing-skeleton')).toBeTruthy();
    const list = await screen.findByRole('region', { name: '异动个股' });
    expect(await within(list).findByText('盘中实时更新')).toBeTruthy();
    const rows = within(list).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[0]?.textContent)).toEqual(['10:29', '10:04']);
    expect(within(rows[1] as HTMLElement).getByText('-3.10%')).toBeTruthy();
    fireEvent.click(within(list).getByRole('button', { name: '涨跌停' }));
    expect(within(list).getAllByRole('row')).toHaveLength(2);
    expect(within(list).getByText('封涨停')).toBeTruthy();
    fireEvent.click(within(list).getByRole('button', { name: '大笔成交' }));
    expect(within(list).getByText('暂无此类异动，出现后会自动显示')).toBeTruthy();
    fireEvent.click(within(list).getByRole('button', { name: '全部' }));
    fireEvent.click(within(list).getByRole('link', { name: /平安银行/ }));
    expect(screen.getByTestId('destination').textContent).toBe(href('stock', { stockCode: '000001.SZ' }));
  });

  it('is fetched again every 20 s while the session is live, and not once it has closed', () => {
    const interval = swingStocksQueryOptions.refetchInterval as (query: {
      state: { data: SwingStocks | undefined };
    }) => number | false;
    expect(interval({ state: { data: swings } })).toBe(swingRefetchMs);
    expect(interval({ state: { data: { ...swings, live: false } } })).toBe(false);
    expect(swingRefetchMs).toBe(20_000);
  });
});

describe('home 北向资金', () => {
  it('links to /northDates and /southDates', async () => {
    stubApi({
      'market.northSummary': ok({ tradingDay: 20261120, netInflow: 1, channels: [], series: [] }),
    });
    renderPages('/', { '/': <NorthFlow /> });
    fireEvent.click(await screen.findByRole('link', { name: '北向详情' }));
    expect(screen.getByTestId('destination').textContent).toBe(href('northDates'));
  });
});
