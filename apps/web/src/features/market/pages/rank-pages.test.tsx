import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { href } from '@zhicai/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type EndpointAnswer, failure, ok, type StubParams, stubApi } from '../../../testing/api-stub.ts';
import { renderPages } from '../../../testing/render.tsx';
import { levelTree, managerRankRows, rankNames, rankRows } from '../testing/market-fixtures.ts';
import RankContentPage from './rank-content-page.tsx';
import RankListPage from './rank-list-page.tsx';

const failed = failure('999', '系统繁忙，请稍后再试');

let namesAnswer: EndpointAnswer<'market.getRankNames'>;
let rankAnswer: (params: StubParams<'market.getRank'>) => EndpointAnswer<'market.getRank'>;

/** 30 rows: 20 on page 1, 10 on page 2. */
function pagedRank({ page }: StubParams<'market.getRank'>): EndpointAnswer<'market.getRank'> {
  return ok({ total: 30, name: '5日涨幅榜', list: rankRows(page, page === 1 ? 20 : 10) });
}

function setup() {
  return stubApi({
    // The server narrows the list to a kind when asked, as rank.service does.
    'market.getRankNames': ({ kind }) =>
      kind ? ok(rankNames.filter((rank) => rank.kind === kind)) : namesAnswer,
    'market.getRank': (params) => rankAnswer(params),
    'market.getLevelTree': ok(levelTree),
  });
}

const renderRankPage = (path: string) =>
  renderPages(path, { '/rankList': <RankListPage />, '/rankList_content': <RankContentPage /> });

beforeEach(() => {
  namesAnswer = ok(rankNames);
  rankAnswer = pagedRank;
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('rank list page', () => {
  it('lists the rankings grouped 股票 / 基金 / 基金经理, each leading to its content', async () => {
    setup();
    renderRankPage('/rankList');
    expect(screen.getByTestId('rank-names-skeleton')).toBeTruthy();
    const stocks = await screen.findByRole('region', { name: '股票' });
    expect(
      within(stocks)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(
      rankNames
        .filter((rank) => rank.kind === 'stock')
        .map((rank) => href('rankList_content', { type: rank.id, name: rank.name })),
    );
    expect(
      within(screen.getByRole('region', { name: '基金' })).getByRole('link', { name: /近一年收益榜/ }),
    ).toBeTruthy();
    expect(screen.getByRole('region', { name: '基金经理' })).toBeTruthy();
    fireEvent.click(within(stocks).getByRole('link', { name: /5日涨幅榜/ }));
    expect(await screen.findByRole('heading', { name: '5日涨幅榜', level: 1 })).toBeTruthy();
  });

  // Regression: /rankList ignored `kind`, so 基金排行 and 基金经理榜 opened the same page.
  it('shows only the rankings of the kind a link asks for, titled by it', async () => {
    const server = setup();
    const { unmount } = renderRankPage(`${href('rankList', { kind: 'fund' })}`);
    expect(await screen.findByRole('heading', { name: '基金排行', level: 1 })).toBeTruthy();
    expect(await screen.findByRole('region', { name: '基金' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: '股票' })).toBeNull();
    expect(screen.queryByRole('region', { name: '基金经理' })).toBeNull();
    unmount();
    renderRankPage(`${href('rankList', { kind: 'manager' })}`);
    expect(await screen.findByRole('heading', { name: '基金经理榜', level: 1 })).toBeTruthy();
    expect(await screen.findByRole('region', { name: '基金经理' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: '基金' })).toBeNull();
    expect(server.calls('market.getRankNames').map((call) => call.kind)).toEqual(['fund', 'manager']);
  });

  it('shows an error with 重新加载, and an empty state', async () => {
    namesAnswer = failed;
    setup();
    renderRankPage('/rankList');
    const retry = await screen.findByRole('button', { name: '重新加载' });
    namesAnswer = ok([]);
    fireEvent.click(retry);
    expect(await screen.findByText('暂无排行榜')).toBeTruthy();
  });
});

describe('rank content page', () => {
  it('shows 20 rows with percent values, then loads more on 加载更多 until the end', async () => {
    const server = setup();
    renderRankPage('/rankList_content?id=stock-rise-5d');
    expect(screen.getByTestId('rank-skeleton')).toBeTruthy();
    const table = await screen.findByRole('table');
    expect(within(table).getAllByRole('row')).toHaveLength(21);
    const first = within(table).getAllByRole('row')[1];
    // value 0.3 − 1/1000 = 0.299 shown as a percent because the ranking says so.
    expect(first?.textContent).toContain('+29.90%');
    expect(first?.textContent).toContain('600001.SH');
    expect(first?.textContent).toContain('电子');
    expect(within(table).getByRole('link', { name: '示例股1' }).getAttribute('href')).toBe(
      '/stock?stockCode=600001.SH',
    );
    expect(server.calls('market.getRank')[0]?.size).toBe(20);
    fireEvent.click(screen.getByRole('button', { name: '加载更多' }));
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(31));
    expect(await screen.findByText('没有更多了')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '加载更多' })).toBeNull();
  });

  // Regression: a 涨跌幅 ranking showed the change twice, once uncoloured, beside the price.
  it('shows 涨跌幅 once, signed and coloured, beside the price alone', async () => {
    rankAnswer = () =>
      ok({
        total: 2,
        name: '涨幅榜',
        list: rankRows(1, 2).map((row, index) => {
          const change = index === 0 ? 0.0512 : -0.0321;
          return { ...row, value: change, chgPct: change };
        }),
      });
    setup();
    renderRankPage('/rankList_content?type=stock-rise');
    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['名称', '涨跌幅', '最新价']);
    const [, up, down] = within(table).getAllByRole('row');
    expect(up?.textContent?.match(/5\.12%/g)).toHaveLength(1);
    const rise = within(up as HTMLElement).getByText(/5\.12%/);
    expect(rise.dataset.tone).toBe('up');
    expect(rise.textContent).toBe('▲+5.12%');
    expect(within(down as HTMLElement).getByText(/3\.21%/).dataset.tone).toBe('down');
    expect(up?.textContent).toMatch(/▲\+5\.12%12\.3/);
  });

  // Regression: 换手率 read '+3.45%', as if it were a gain.
  it('shows 换手率 as a plain percent, without a sign or a colour', async () => {
    rankAnswer = () =>
      ok({ total: 1, name: '换手率榜', list: rankRows(1, 1).map((row) => ({ ...row, value: 0.0345 })) });
    setup();
    renderRankPage('/rankList_content?type=stock-turnover');
    const table = await screen.findByRole('table');
    const cell = within(table).getByText('3.45%');
    expect(cell.dataset.tone).toBeUndefined();
    expect(within(table).getAllByRole('row')[1]?.textContent).toContain('+1.23%');
  });

  // Regression: the manager ranking had a price column, all `--`: a manager has no price.
  it('lists fund managers by 任职回报 with their scale and years, not a price', async () => {
    rankAnswer = () => ok({ total: 2, name: '基金经理年化回报', list: managerRankRows });
    setup();
    renderRankPage('/rankList_content?type=manager-return');
    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['基金经理', '年化回报', '管理规模', '从业年限']);
    const [, first, second] = within(table).getAllByRole('row');
    expect(within(first as HTMLElement).getByText(/23\.45%/).dataset.tone).toBe('up');
    expect(first?.textContent).toContain('850.0亿');
    expect(first?.textContent).toContain('12.4年');
    expect(first?.textContent).toContain('易方达基金 · 在管 3 只');
    expect(within(second as HTMLElement).getByText(/5\.12%/).dataset.tone).toBe('down');
    expect(within(second as HTMLElement).getAllByText('--')).toHaveLength(1);
  });

  it('filters a stock ranking by a level-1 industry and toggles the order', async () => {
    const server = setup();
    const { router } = renderRankPage('/rankList_content?id=stock-rise-5d');
    const filter = await screen.findByRole('combobox', { name: '行业筛选' });
    expect(
      within(filter)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['全部行业', '电子', '食品饮料']);
    fireEvent.change(filter, { target: { value: '801080' } });
    await waitFor(() => expect(router.state.location.search).toContain('industry=801080'));
    const lastRankQuery = () => server.calls('market.getRank').at(-1);
    await waitFor(() => expect(lastRankQuery()?.industry).toBe('801080'));
    fireEvent.click(screen.getByRole('button', { name: /切换为从低到高/ }));
    await waitFor(() => expect(lastRankQuery()?.order).toBe('asc'));
    expect(screen.getByRole('button', { name: /切换为从高到低/ })).toBeTruthy();
  });

  it('links a ranking narrowed to an industry to the industry page', async () => {
    setup();
    renderRankPage('/rankList_content?id=stock-rise-5d&industry=801080.ZSI');
    const link = await screen.findByRole('link', { name: '行业详情' });
    expect(link.getAttribute('href')).toBe('/IndustryDetail?code=801080.ZSI');
  });

  it('offers no industry filter on a fund ranking and shows plain amounts when not a percent', async () => {
    rankAnswer = () =>
      ok({
        total: 1,
        name: '成交额榜',
        list: rankRows(1, 1).map((row) => ({ ...row, value: 12_345_678_900 })),
      });
    setup();
    renderRankPage('/rankList_content?id=stock-amount');
    const table = await screen.findByRole('table');
    expect(within(table).getByText('123.5亿')).toBeTruthy();
    expect(screen.getByText('没有更多了')).toBeTruthy();

    rankAnswer = pagedRank;
  });

  it('shows an empty ranking, and an error with 重新加载', async () => {
    rankAnswer = () => failed;
    setup();
    renderRankPage('/rankList_content?id=fund-return-1y');
    const retry = await screen.findByRole('button', { name: '重新加载' });
    expect(screen.queryByRole('combobox', { name: '行业筛选' })).toBeNull();
    rankAnswer = () => ok({ total: 0, name: '近一年收益榜', list: [] });
    fireEvent.click(retry);
    expect(await screen.findByText('暂无数据')).toBeTruthy();
  });
});
