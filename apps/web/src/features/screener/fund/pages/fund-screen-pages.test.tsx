import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { failure, ok, type StubRoutes, stubApi } from '../../../../testing/api-stub.ts';
import { renderPages } from '../../../../testing/render.tsx';
import { encodeConditions } from '../fund-screen-draft.ts';
import { catalogueFixture, recommendFixture, selectFixture } from '../fund-screen-fixtures.ts';
import ChooseFundPage from './choose-fund-page.tsx';
import ChooseNewFundPage from './choose-new-fund-page.tsx';
import ComponentChildListPage from './component-child-list-page.tsx';
import ComponentFundListPage from './component-fund-list-page.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const pages = {
  '/chooseFund': <ChooseFundPage />,
  '/chooseNewFund': <ChooseNewFundPage />,
  '/componentFundList': <ComponentFundListPage />,
  '/componentChildList': <ComponentChildListPage />,
};

const stubs: StubRoutes = {
  'screener.fundListSelectInfo': ok(catalogueFixture),
  'screener.fundRecommend': ok(recommendFixture),
  'screener.fundSelect': ok(selectFixture),
};

describe('/chooseFund', () => {
  it('lists the presets with their counts, each opening its results, and a new screen', async () => {
    stubApi(stubs);
    renderPages('/chooseFund', pages);
    // The file's first render loads the contract schemas: give it longer than the default second.
    const preset = await screen.findByRole('link', { name: /低回撤债基/ }, { timeout: 5000 });
    expect(preset.textContent).toContain('今日 8 只');
    const target = new URL(preset.getAttribute('href') ?? '', 'http://localhost');
    expect(target.pathname).toBe('/componentFundList');
    expect(JSON.parse(target.searchParams.get('conditions') ?? '')).toEqual(
      recommendFixture.list[0]?.conditions,
    );
    expect(screen.getByRole('link', { name: /自定义选基/ }).getAttribute('href')).toBe('/chooseNewFund');
  });

  it('shows the error with 重新加载 when the presets fail', async () => {
    stubApi({ ...stubs, 'screener.fundRecommend': failure('999', '服务繁忙') });
    renderPages('/chooseFund', pages);
    expect(await screen.findByText('推荐方案加载失败')).toBeTruthy();
  });
});

describe('/chooseNewFund', () => {
  it('adds a condition by group, counts live as a bound is typed, and opens the results with it', async () => {
    const server = stubApi({
      ...stubs,
      'screener.fundNum': (params) => ok({ num: params.seqFlags === '' ? 100 : 42, total: 100 }),
    });
    renderPages('/chooseNewFund', pages);
    expect(await screen.findByText('从上方选择条件，开始筛选基金')).toBeTruthy();
    fireEvent.click(screen.getByRole('tab', { name: '收益' }));
    fireEvent.click(screen.getByRole('button', { name: '近1年收益' }));
    fireEvent.change(screen.getByLabelText('近1年收益最低'), { target: { value: '10' } });
    await waitFor(() => expect(screen.getByRole('status').textContent).toContain('符合条件 42 只'));
    // The count waited for the typing to rest: no call went out with the bound half set.
    const sent = server.calls('screener.fundNum').map((params) => params.seqFlags);
    expect(sent.at(-1)).toBe('RET_Y1');
    expect(server.calls('screener.fundNum').at(-1)).toMatchObject({
      RET_Y1_left: 10,
      RET_Y1_right: 'Infinity',
    });
    const go = screen.getByRole('link', { name: '查看结果' });
    const target = new URL(go.getAttribute('href') ?? '', 'http://localhost');
    expect(JSON.parse(target.searchParams.get('conditions') ?? '')).toEqual({
      seqFlags: 'RET_Y1',
      RET_Y1_left: 10,
      RET_Y1_right: 'Infinity',
    });
  });

  it('applies a preset and picks options with their counts', async () => {
    stubApi({ ...stubs, 'screener.fundNum': ok({ num: 8, total: 100 }) });
    renderPages('/chooseNewFund', pages);
    fireEvent.click(await screen.findByRole('button', { name: '低回撤债基' }));
    const chosen = screen.getByRole('list', { name: '已选条件' });
    expect(within(chosen).getByText('基金类型')).toBeTruthy();
    expect(
      within(chosen)
        .getByRole('button', { name: /债券型/ })
        .getAttribute('aria-pressed'),
    ).toBe('true');
    expect((screen.getByLabelText('最大回撤最高') as HTMLInputElement).value).toBe('5');
    fireEvent.click(within(chosen).getByRole('button', { name: '删除条件基金类型' }));
    expect(within(chosen).queryByText('基金类型')).toBeNull();
  });
});

describe('/componentFundList', () => {
  const conditions = encodeConditions({
    seqFlags: 'FUND_TYPE,RET_Y1',
    FUND_TYPE: '混合型',
    RET_Y1_left: -5,
    RET_Y1_right: 'Infinity',
  });
  const path = `/componentFundList?conditions=${encodeURIComponent(conditions)}`;

  it("shows each row's values in red and green, why it matched, and links to the fund page", async () => {
    stubApi(stubs);
    renderPages(path, pages);
    const table = await screen.findByRole('table', { name: '选基结果' });
    expect(screen.getByText(/共/).textContent).toContain('2');
    const rows = within(table).getAllByRole('row');
    expect(rows[1]?.textContent).toMatch(/▲.*18\.20%/);
    expect(rows[2]?.textContent).toMatch(/▼.*3\.50%/);
    expect(within(table).getByRole('link', { name: '易方达优质精选混合' }).getAttribute('href')).toBe(
      '/fundDetails?code=110011.OF',
    );
    expect(within(table).getByRole('link', { name: '招商中证白酒指数(LOF)' }).getAttribute('href')).toBe(
      '/fundDetails?code=161725.OF&type=fund_lof',
    );
    const why = within(table).getByRole('link', { name: '易方达优质精选混合入选明细' });
    expect(why.textContent).toBe('基金类型为混合型；近1年收益 18.20%，≥ -5.00%');
    expect(why.getAttribute('href')).toContain('/componentChildList?code=110011.OF');
  });

  it('sorts by a tapped column, descending first and ascending on the second tap', async () => {
    const server = stubApi(stubs);
    renderPages(path, pages);
    await screen.findByRole('table', { name: '选基结果' });
    fireEvent.click(screen.getByRole('button', { name: /近1年收益/ }));
    await waitFor(() =>
      expect(server.calls('screener.fundSelect').at(-1)).toMatchObject({ sortFlag: 'RET_Y1', order: 'asc' }),
    );
    expect(screen.getByRole('columnheader', { name: /近1年收益/ }).getAttribute('aria-sort')).toBe(
      'ascending',
    );
  });

  it('says so when nothing matches', async () => {
    stubApi({ ...stubs, 'screener.fundSelect': ok({ ...selectFixture, total: 0, list: [] }) });
    renderPages(path, pages);
    expect(await screen.findByText('没有符合条件的基金，试试放宽条件')).toBeTruthy();
  });
});

describe('/componentChildList', () => {
  it("lists each condition's reason for one fund, asking the screen for that fund only", async () => {
    const server = stubApi({
      ...stubs,
      'screener.fundSelect': ok({ ...selectFixture, total: 1, list: selectFixture.list.slice(0, 1) }),
    });
    const conditions = encodeConditions({ seqFlags: 'RET_Y1', RET_Y1_left: 10, RET_Y1_right: 'Infinity' });
    renderPages(`/componentChildList?code=110011.OF&conditions=${encodeURIComponent(conditions)}`, pages);
    const reasons = await screen.findByRole('list', { name: '入选理由' });
    expect(reasons.textContent).toContain('近1年收益 18.20%，≥ 10.00%');
    expect(server.calls('screener.fundSelect')[0]).toMatchObject({ code: '110011.OF', seqFlags: 'RET_Y1' });
  });

  it('asks nothing without a fund code and leads back to the fund screen', async () => {
    const server = stubApi(stubs);
    renderPages('/componentChildList', pages);
    expect((await screen.findByRole('link', { name: '基金筛选' })).getAttribute('href')).toBe('/chooseFund');
    expect(server.calls('screener.fundSelect')).toHaveLength(0);
  });
});
