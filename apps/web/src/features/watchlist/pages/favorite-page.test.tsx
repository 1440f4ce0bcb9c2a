import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { localStore } from '../../../platform/session/local-store.ts';
import { sessionStore } from '../../../platform/session/session-store.ts';
import { openFakeQuoteSocket } from '../../../platform/socket/fake-socket.ts';
import { maxCodesPerSocket } from '../../../platform/socket/quote-socket.ts';
import { ok, type StubRoutes, stubApi } from '../../../testing/api-stub.ts';
import { quoteOf } from '../../../testing/quote-fixtures.ts';
import { renderPages } from '../../../testing/render.tsx';
import { readSavedStockList } from '../../stock/index.ts';
import { average, columns, groups, rowOf } from '../testing/watchlist-fixtures.ts';
import FavoritePage from './favorite-page.tsx';

const pages = { '/favorite': <FavoritePage /> };

const moutai = rowOf('600519.SH', { pinned: true });
const tencent = rowOf('00700.HK', {
  name: '腾讯控股',
  type: 'hk',
  price: 380.2,
  chg: -4.6,
  chgPct: -0.011954,
  amount: 1.2e10,
});
const etf = rowOf('510300.SH', {
  name: '沪深300ETF',
  type: 'fund_onside',
  price: 3.912,
  chg: 0.021,
  chgPct: 0.005397,
});

function stub(routes: StubRoutes = {}) {
  return stubApi({
    'watchlist.optGroupList': ok(groups),
    'watchlist.sortGet': ok(columns),
    'watchlist.sortGetHk': ok(columns),
    'watchlist.avgChg': ok(average),
    'watchlist.listOptionalV4Items': ok({ groupId: 1, seq: 1, items: [moutai, tencent, etf] }),
    'watchlist.listOptV3': ok(['600519.SH', '00700.HK', '510300.SH']),
    'market.riseFallCapitals': ok([]),
    ...routes,
  });
}

function rowNames(): string[] {
  return within(screen.getByRole('list', { name: '自选列表' }))
    .getAllByRole('button', { name: /\.(SH|SZ|HK)$/ })
    .map((button) => button.getAttribute('aria-label') ?? '');
}

beforeEach(() => {
  localStore.getState().setToken('jwt-watchlist');
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  localStore.getState().setToken(null);
  sessionStore.getState().set('break_favorite', null);
  window.sessionStorage.clear();
});

describe('/favorite', () => {
  it('asks a signed-out visitor to log in and calls nothing of the watchlist', async () => {
    localStore.getState().setToken(null);
    const server = stub();
    renderPages('/favorite', pages);
    const prompt = await screen.findByRole('region', { name: '未登录' });
    expect(prompt.textContent).toContain('登录后查看自选');
    expect(within(prompt).getByRole('link', { name: '登录' }).getAttribute('href')).toBe(
      '/bindphone?redirect=%2Ffavorite',
    );
    expect(server.names().filter((name) => name.startsWith('watchlist.'))).toEqual([]);
  });

  it('lists the rows with their quotes at each tick, pinned first, red up and green down, and the group average', async () => {
    stub();
    renderPages('/favorite', pages);
    await screen.findByRole('list', { name: '自选列表' });
    expect(rowNames()).toEqual(['贵州茅台 600519.SH', '腾讯控股 00700.HK', '沪深300ETF 510300.SH']);
    const first = screen.getByRole('button', { name: '贵州茅台 600519.SH' });
    expect(first.textContent).toContain('顶');
    expect(first.textContent).toContain('1520.50');
    const up = within(first).getByText(/1\.37%/);
    expect(up.textContent).toContain('▲');
    expect(up.dataset.tone).toBe('up');
    const down = within(screen.getByRole('button', { name: '腾讯控股 00700.HK' })).getByText(/1\.20%/);
    expect(down.textContent).toContain('▼');
    expect(down.dataset.tone).toBe('down');
    // An ETF's price shows at its 0.001 tick.
    expect(screen.getByRole('button', { name: '沪深300ETF 510300.SH' }).textContent).toContain('3.912');
    const summary = screen.getByRole('region', { name: '分组概况' });
    expect(summary.textContent).toContain('+1.23%');
    expect(summary.textContent).toContain('涨 2');
  });

  it('shows -- for a missing figure and marks a stale row', async () => {
    stub({
      'watchlist.listOptionalV4Items': ok({
        groupId: 1,
        seq: 1,
        items: [rowOf('600000.SH', { name: '浦发银行', price: null, chg: null, chgPct: null, stale: true })],
      }),
    });
    renderPages('/favorite', pages);
    const row = await screen.findByRole('button', { name: '浦发银行 600000.SH' });
    expect(row.textContent).toContain('--');
    expect(row.textContent).toContain('延迟');
  });

  it('marks a delisted share 已退市, not 延迟', async () => {
    stub({
      'watchlist.listOptionalV4Items': ok({
        groupId: 1,
        seq: 1,
        items: [rowOf('600087.SH', { name: '退市长油', status: 'delisted', stale: true })],
      }),
    });
    renderPages('/favorite', pages);
    const row = await screen.findByRole('button', { name: '退市长油 600087.SH' });
    expect(row.textContent).toContain('已退市');
    expect(row.textContent).not.toContain('延迟');
  });

  it('sorts on the server by the tapped column: high to low, low to high, then the user order', async () => {
    const server = stub();
    renderPages('/favorite', pages);
    await screen.findByRole('list', { name: '自选列表' });
    fireEvent.click(screen.getByRole('button', { name: '按涨跌幅排序' }));
    await screen.findByRole('button', { name: '按涨跌幅排序，当前从高到低' });
    fireEvent.click(screen.getByRole('button', { name: '按涨跌幅排序，当前从高到低' }));
    await screen.findByRole('button', { name: '按涨跌幅排序，当前从低到高' });
    fireEvent.click(screen.getByRole('button', { name: '按涨跌幅排序，当前从低到高' }));
    await waitFor(() =>
      expect(server.requests('watchlist.listOptionalV4Items').map((call) => call.url.search)).toEqual([
        '?column=default&subColumn=desc',
        '?column=chgPct&subColumn=desc',
        '?column=chgPct&subColumn=asc',
      ]),
    );
  });

  it('shows the columns the user chose, three at a time', async () => {
    stub();
    renderPages('/favorite', pages);
    await screen.findByRole('list', { name: '自选列表' });
    expect(screen.getByRole('button', { name: '按最新价排序' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: '按换手率排序' })).toBeNull();
    expect(screen.queryByRole('button', { name: '按涨跌额排序' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '显示其他列' }));
    expect(screen.getByRole('button', { name: '按换手率排序' })).toBeTruthy();
  });

  it('asks for a user group when its tab is chosen', async () => {
    const server = stub();
    renderPages('/favorite', pages);
    fireEvent.click(await screen.findByRole('tab', { name: '白酒' }));
    await waitFor(() =>
      expect(server.calls('watchlist.listOptionalV4Items').at(-1)).toMatchObject({ groupId: 2 }),
    );
    // The user's group 港股 sits after the market tab of the same name.
    fireEvent.click(screen.getAllByRole('tab', { name: '港股' })[1] as HTMLElement);
    await waitFor(() =>
      expect(server.calls('watchlist.listOptionalV4Items').at(-1)).toMatchObject({ groupId: 3 }),
    );
    fireEvent.click(screen.getAllByRole('tab', { name: '港股' })[0] as HTMLElement);
    await waitFor(() =>
      expect(server.calls('watchlist.listOptionalV4Items').at(-1)).toEqual({
        column: 'default',
        subColumn: 'desc',
        market: 'hk',
      }),
    );
    // Hong Kong has its own column settings.
    expect(server.calls('watchlist.sortGetHk').length).toBe(1);
  });

  it('opens the detail page with the list saved, so previous/next walks the watchlist', async () => {
    stub();
    const { router } = renderPages('/favorite', pages);
    fireEvent.click(await screen.findByRole('button', { name: '腾讯控股 00700.HK' }));
    await waitFor(() =>
      expect(screen.getByTestId('destination').textContent).toBe('/stockHk?stockCode=00700.HK&i=1'),
    );
    expect(router.state.location.pathname).toBe('/stockHk');
    expect(readSavedStockList()).toEqual([
      { code: '600519.SH', type: 'capital' },
      { code: '00700.HK', type: 'hk' },
      { code: '510300.SH', type: 'fund_onside' },
    ]);
  });

  it('pins and deletes by the swipe actions', async () => {
    const server = stub({
      'watchlist.setTop': ok({ code: '00700.HK', pinned: true }),
      'watchlist.batchDelOpt': ok({ removed: 1 }),
    });
    renderPages('/favorite', pages);
    await screen.findByRole('list', { name: '自选列表' });
    const slot = screen.getByRole('button', { name: '腾讯控股 00700.HK' }).closest('li') as HTMLElement;
    fireEvent.click(within(slot).getByRole('button', { name: '置顶' }));
    await waitFor(() =>
      expect(server.calls('watchlist.setTop')).toEqual([{ code: '00700.HK', top: 'true' }]),
    );
    fireEvent.click(within(slot).getByRole('button', { name: '删除' }));
    await waitFor(() => expect(server.calls('watchlist.batchDelOpt')).toEqual([{ codes: ['00700.HK'] }]));
    // A write reloads the list.
    await waitFor(() => expect(server.calls('watchlist.listOptionalV4Items').length).toBeGreaterThan(1));
  });

  it('opens the row menu on a long press: 备注 saves a remark, 设置提醒 opens the alert editor', async () => {
    const server = stub({ 'watchlist.remark': ok({ code: '600519.SH', remark: '长期持有' }) });
    renderPages('/favorite', pages);
    const row = await screen.findByRole('button', { name: '贵州茅台 600519.SH' });
    vi.useFakeTimers();
    fireEvent.pointerDown(row);
    act(() => vi.advanceTimersByTime(600));
    vi.useRealTimers();
    fireEvent.click(await screen.findByText('备注'));
    const box = await screen.findByRole('textbox', { name: '备注' });
    fireEvent.change(box, { target: { value: '长期持有' } });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() =>
      expect(server.calls('watchlist.remark')).toEqual([{ code: '600519.SH', remark: '长期持有' }]),
    );

    fireEvent.contextMenu(screen.getByRole('button', { name: '腾讯控股 00700.HK' }));
    fireEvent.click(await screen.findByText('设置提醒'));
    await waitFor(() =>
      // The editor opens for the pressed row, its name beside the code for the title.
      expect(screen.getByTestId('destination').textContent).toBe(
        `/pushSettingList?code=00700.HK&name=${encodeURIComponent('腾讯控股')}`,
      ),
    );
  });

  it('deletes the ticked rows in 编辑 mode after confirming, and marks break_favorite', async () => {
    expect(window.sessionStorage.getItem('break_favorite')).toBeNull();
    const server = stub({ 'watchlist.batchDelOpt': ok({ removed: 2 }) });
    renderPages('/favorite', pages);
    await screen.findByRole('list', { name: '自选列表' });
    fireEvent.click(screen.getByRole('button', { name: '编辑' }));
    fireEvent.click(screen.getByRole('checkbox', { name: '选择贵州茅台' }));
    fireEvent.click(screen.getByRole('button', { name: '腾讯控股 00700.HK' }));
    const bar = screen.getByRole('toolbar', { name: '批量操作' });
    fireEvent.click(within(bar).getByRole('button', { name: '删除(2)' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('删除选中的 2 只自选？');
    fireEvent.click(within(dialog).getByRole('button', { name: '删除' }));
    await waitFor(() =>
      expect(server.calls('watchlist.batchDelOpt')).toEqual([{ codes: ['600519.SH', '00700.HK'] }]),
    );
    // spec 1 §4: a watchlist write marks break_favorite, also for the calls that carry a query on a POST.
    await waitFor(() => expect(window.sessionStorage.getItem('break_favorite')).toBe('1'));
  });

  it('moves the ticked rows of a group to another group in 编辑 mode', async () => {
    const server = stub({ 'watchlist.moveOpt': ok({ moved: 1 }) });
    renderPages('/favorite', pages);
    fireEvent.click(await screen.findByRole('tab', { name: '白酒' }));
    await waitFor(() =>
      expect(server.calls('watchlist.listOptionalV4Items').at(-1)).toMatchObject({ groupId: 2 }),
    );
    fireEvent.click(screen.getByRole('button', { name: '编辑' }));
    fireEvent.click(await screen.findByRole('checkbox', { name: '选择贵州茅台' }));
    fireEvent.click(screen.getByRole('button', { name: '移动到(1)' }));
    const sheet = await screen.findByRole('dialog', { name: '移动 1 只到分组' });
    fireEvent.click(within(sheet).getByRole('button', { name: /港股/ }));
    await waitFor(() =>
      expect(server.calls('watchlist.moveOpt')).toEqual([
        { codes: ['600519.SH'], fromGroupId: 2, toGroupId: 3 },
      ]),
    );
  });

  it('suggests popular stocks on an empty watchlist, each added with one tap', async () => {
    const server = stub({
      'watchlist.listOptionalV4Items': ok({ groupId: 1, seq: 1, items: [] }),
      'watchlist.listOptV3': ok([]),
      'market.riseFallCapitals': ok([quoteOf('600519.SH')]),
      'watchlist.addOptional': ok({ code: '600519.SH', groupIds: [1] }),
    });
    renderPages('/favorite', pages);
    const suggestions = await screen.findByRole('list', { name: '热门股票' });
    fireEvent.click(await within(suggestions).findByRole('button', { name: '加自选：贵州茅台' }));
    await waitFor(() => expect(server.calls('watchlist.addOptional')).toEqual([{ code: '600519.SH' }]));
  });
});

describe('/favorite with a big group (a socket takes 200 codes)', () => {
  /** 500 rows, the most a group holds: 600000.SH, 600001.SH, … */
  const codes = Array.from({ length: 500 }, (_, index) => `${String(600000 + index)}.SH`);
  const bigGroup = codes.map((code, index) => rowOf(code, { name: `股票${index}`, price: 10 }));
  /** Where the list starts on the page (px), below the header, tabs and summary. */
  const listTop = 200;

  afterEach(() => {
    window.scrollY = 0;
    vi.restoreAllMocks();
  });

  // A screen of rows renders again on each step of the scroll; a loaded machine takes its time.
  const slow = { timeout: 20_000 };

  /** /favorite on the big group, its list `listTop` px down the page, on a fake socket. */
  function renderBigGroup() {
    // jsdom lays nothing out: the list's top moves up as the page scrolls, as in a browser.
    vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockImplementation(
      () => new DOMRect(0, listTop - window.scrollY, 375, 0),
    );
    const { socket } = openFakeQuoteSocket();
    const server = stub({
      'watchlist.listOptionalV4Items': ok({ groupId: 1, seq: 1, items: bigGroup }),
      // A row loaded on coming into view is at 12.34 now.
      'market.realTime': (params) =>
        ok(
          String(params.codes)
            .split(',')
            .map((code) => quoteOf(code, { price: 12.34, time: 1_800_000_000_000 })),
        ),
    });
    renderPages('/favorite', { '/favorite': <FavoritePage socket={socket} /> });
    return { socket, server };
  }

  /** A row by its name: found by text, as roles are slow to compute over a screen of rows. */
  async function findRow(name: string): Promise<HTMLElement> {
    return (await screen.findByText(name, {}, slow)).closest('button') as HTMLElement;
  }

  it('subscribes only the rows on screen, follows the scroll, and loads the rows that come into view', {
    timeout: 60_000,
  }, async () => {
    const { socket, server } = renderBigGroup();
    await findRow('股票0');

    // The screen (768 px) shows 10 rows below the list's top, and 120 px more are followed.
    const firstScreen = codes.slice(0, Math.ceil((window.innerHeight - listTop + 120) / 58));
    await waitFor(() => expect(socket.subscribedCodes()).toEqual(firstScreen), slow);
    // The list brought their figures: no realTime call for them.
    expect(server.calls('market.realTime')).toEqual([]);

    // Rows the list brought seconds ago need no call; these were loaded a minute ago.
    const now = Date.now;
    vi.spyOn(Date, 'now').mockImplementation(() => now() + 60_000);
    act(() => {
      window.scrollY = listTop + 58 * 300;
      window.dispatchEvent(new Event('scroll'));
    });
    const row300 = await findRow('股票300');
    await waitFor(() => expect(socket.subscribedCodes()).toContain('600300.SH'), slow);
    const followed = socket.subscribedCodes();
    expect(followed.length).toBeLessThanOrEqual(maxCodesPerSocket);
    expect(followed.length).toBeLessThan(30);
    expect(followed).not.toContain('600000.SH');
    // Only the rows that came into view are loaded, in one call.
    await waitFor(() => expect(row300.textContent).toContain('12.34'), slow);
    const loaded = server.calls('market.realTime').map((call) => String(call.codes).split(','));
    expect(loaded).toHaveLength(1);
    expect(loaded[0]).toEqual(followed);
  });

  it('keeps the last figures of a row scrolled off screen', { timeout: 60_000 }, async () => {
    const { socket } = renderBigGroup();
    await findRow('股票0');
    await waitFor(() => expect(socket.subscribedCodes()).toContain('600000.SH'), slow);
    act(() => {
      window.scrollY = listTop + 58 * 300;
      window.dispatchEvent(new Event('scroll'));
    });
    await waitFor(() => expect(socket.subscribedCodes()).not.toContain('600000.SH'), slow);
    act(() => {
      window.scrollY = 0;
      window.dispatchEvent(new Event('scroll'));
    });
    const first = await findRow('股票0');
    // Loaded again as it comes back into view; never `--` in between.
    expect(first.textContent).not.toContain('--');
    await waitFor(() => expect(first.textContent).toContain('12.34'), slow);
  });
});
