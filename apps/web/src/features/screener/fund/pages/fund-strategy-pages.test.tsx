import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { localStore } from '../../../../platform/session/local-store.ts';
import { failure, ok, type StubRoutes, stubApi } from '../../../../testing/api-stub.ts';
import { renderPages } from '../../../../testing/render.tsx';
import { strategySummary } from '../../../../testing/strategy-fixtures.ts';
import { signedInEachTest } from '../../signed-in-tests.ts';
import { encodeConditions } from '../fund-screen-draft.ts';
import { catalogueFixture, recommendFixture, selectFixture } from '../fund-screen-fixtures.ts';
import ChooseFundPage from './choose-fund-page.tsx';
import ChooseNewFundPage from './choose-new-fund-page.tsx';
import ComponentFundListPage from './component-fund-list-page.tsx';

// Issue 18 item 4 (fund strategies) and the Done-when "screen funds": a fund screen is saved as a
// 选基策略, listed on /chooseFund with the house ones, opened through the fund screen, and managed.

const pages = {
  '/chooseFund': <ChooseFundPage />,
  '/chooseNewFund': <ChooseNewFundPage />,
  '/componentFundList': <ComponentFundListPage />,
};

const bondFunds = strategySummary({
  id: 81,
  name: '稳健债基',
  kind: 'fund',
  house: false,
  description: '',
  conditions: {
    seqFlags: ['FUND_TYPE', 'RET_Y1'],
    fund_type: '债券型',
    RET_Y1_left: 3,
    RET_Y1_right: 'Infinity',
  },
  count: 8,
});
const houseFunds = strategySummary({
  id: 2,
  name: '近一月领涨',
  kind: 'fund',
  description: '近1月收益居前',
  conditions: { seqFlags: ['RET_Y1'], RET_Y1_left: 10, RET_Y1_right: 'Infinity' },
});

const stubs: StubRoutes = {
  'screener.fundListSelectInfo': ok(catalogueFixture),
  'screener.fundRecommend': ok(recommendFixture),
  'screener.fundSelect': ok(selectFixture),
  'screener.fundStrategyListV3': ok({ house: [houseFunds], mine: [bondFunds] }),
};

signedInEachTest();

describe('fund strategies on /chooseFund', { timeout: 20_000 }, () => {
  it('lists mine first and the house ones, each opening its results through the fund screen', async () => {
    const server = stubApi(stubs);
    renderPages('/chooseFund', pages);
    const mine = await screen.findByRole('list', { name: '我的选基策略' }, { timeout: 5000 });
    const own = within(mine).getByRole('link', { name: /稳健债基/ });
    expect(own.textContent).toContain('今日入选 8 只');
    const target = new URL(own.getAttribute('href') ?? '', 'http://localhost');
    expect(target.pathname).toBe('/componentFundList');
    expect(target.searchParams.get('name')).toBe('稳健债基');
    // The strategy's option (fund_type) goes back to the fund screen's flag (FUND_TYPE).
    expect(JSON.parse(target.searchParams.get('conditions') ?? '')).toEqual({
      seqFlags: 'FUND_TYPE,RET_Y1',
      FUND_TYPE: '债券型',
      RET_Y1_left: 3,
      RET_Y1_right: 'Infinity',
    });
    const edit = within(mine).getByRole('link', { name: '修改条件' });
    expect(new URL(edit.getAttribute('href') ?? '', 'http://localhost').searchParams.get('strategy')).toBe(
      '81',
    );
    const house = screen.getByRole('list', { name: '官方选基策略' });
    expect(within(house).getByRole('link', { name: /近一月领涨/ })).toBeTruthy();
    expect(within(house).queryByRole('button', { name: '删除' })).toBeNull();
    // The mine-first list is the fund calls', never the stock ones.
    expect(server.calls('screener.fundStrategyListV3')).toHaveLength(1);
    expect(server.calls('screener.strategyListV3')).toHaveLength(0);

    fireEvent.click(within(house).getByRole('button', { name: '复制到我的策略' }));
    await waitFor(() => expect(server.calls('screener.fundStrategyCopy')).toEqual([{ id: 2 }]));
    fireEvent.click(within(mine).getByRole('button', { name: '重命名' }));
    fireEvent.change(within(mine).getByRole('textbox', { name: '策略名称' }), { target: { value: '债基' } });
    fireEvent.click(within(mine).getByRole('button', { name: '保存' }));
    await waitFor(() =>
      expect(server.calls('screener.fundStrategyRename')).toEqual([{ id: 81, name: '债基' }]),
    );
    expect(server.calls('screener.strategyRename')).toHaveLength(0);
  });

  it('marks a fund strategy with a red point seen when it is opened', async () => {
    const changed = { ...bondFunds, redPoint: true };
    const server = stubApi({
      ...stubs,
      'screener.fundStrategyListV3': ok({ house: [houseFunds], mine: [changed] }),
      'screener.strategyRemoveRedPoint': ok({ removed: 1 }),
    });
    renderPages('/chooseFund', pages);
    const mine = await screen.findByRole('list', { name: '我的选基策略' }, { timeout: 5000 });
    expect(within(mine).getByRole('img', { name: '有新变化' })).toBeTruthy();
    fireEvent.click(within(mine).getByRole('link', { name: /稳健债基/ }));
    await waitFor(() => expect(server.calls('screener.strategyRemoveRedPoint')).toEqual([{ id: 81 }]));
  });

  it('asks a visitor to sign in for their own, and says when there are none or the list fails', async () => {
    localStore.getState().setToken(null);
    stubApi({ ...stubs, 'screener.fundStrategyListV3': ok({ house: [houseFunds], mine: [] }) });
    const { unmount } = renderPages('/chooseFund', pages);
    const login = await screen.findByRole('link', { name: '登录后查看与保存我的选基策略' });
    expect(login.getAttribute('href')).toContain('/bindphone?redirect=');
    // A visitor cannot copy: the house rows offer no action.
    const house = await screen.findByRole('list', { name: '官方选基策略' });
    expect(within(house).queryByRole('button')).toBeNull();
    unmount();
    localStore.getState().setToken('jwt-alice');
    const second = renderPages('/chooseFund', pages);
    expect(await screen.findByText('还没有保存的选基策略：筛选基金后在结果页保存')).toBeTruthy();
    second.unmount();
    stubApi({ ...stubs, 'screener.fundStrategyListV3': failure('999', '服务繁忙') });
    renderPages('/chooseFund', pages);
    expect((await screen.findAllByRole('button', { name: '重新加载' })).length).toBeGreaterThan(0);
  });
});

describe('saving a fund screen', { timeout: 20_000 }, () => {
  const conditions = encodeConditions({
    seqFlags: 'FUND_TYPE,RET_Y1',
    FUND_TYPE: '混合型',
    RET_Y1_left: -5,
    RET_Y1_right: 'Infinity',
  });

  it('saves the results as a fund strategy under the name typed, then links to it', async () => {
    const server = stubApi({ ...stubs, 'screener.fundStrategyAdd': ok({ id: 90 }) });
    renderPages(`/componentFundList?conditions=${encodeURIComponent(conditions)}`, pages);
    fireEvent.click(await screen.findByRole('button', { name: '保存策略' }, { timeout: 5000 }));
    fireEvent.change(screen.getByRole('textbox', { name: '策略名称' }), { target: { value: '混合稳健' } });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() =>
      expect(server.calls('screener.fundStrategyAdd')).toEqual([
        {
          name: '混合稳健',
          conditions: {
            seqFlags: ['FUND_TYPE', 'RET_Y1'],
            fund_type: '混合型',
            RET_Y1_left: -5,
            RET_Y1_right: 'Infinity',
          },
        },
      ]),
    );
    expect(server.calls('screener.strategyAdd')).toHaveLength(0);
    const open = await screen.findByRole('link', { name: '查看策略' });
    expect(open.getAttribute('href')).toContain('name=%E6%B7%B7%E5%90%88%E7%A8%B3%E5%81%A5');
  });

  it('修改条件 opens the editor on the strategy and 保存条件 writes its conditions back', async () => {
    const server = stubApi({
      ...stubs,
      'screener.fundNum': ok({ num: 8, total: 100 }),
      'screener.fundStrategyUpdateCondition': ok({ id: 81 }),
    });
    const edit = `/chooseNewFund?conditions=${encodeURIComponent(
      encodeConditions({ seqFlags: 'FUND_TYPE', FUND_TYPE: '债券型' }),
    )}&strategy=81`;
    renderPages(edit, pages);
    fireEvent.click(await screen.findByRole('tab', { name: '收益' }, { timeout: 5000 }));
    fireEvent.click(screen.getByRole('button', { name: '近1年收益' }));
    fireEvent.change(screen.getByLabelText('近1年收益最低'), { target: { value: '4' } });
    fireEvent.click(screen.getByRole('button', { name: '保存条件' }));
    await waitFor(() =>
      expect(server.calls('screener.fundStrategyUpdateCondition')).toEqual([
        {
          id: 81,
          conditions: {
            seqFlags: ['FUND_TYPE', 'RET_Y1'],
            fund_type: '债券型',
            RET_Y1_left: 4,
            RET_Y1_right: 'Infinity',
          },
        },
      ]),
    );
    expect(await screen.findByRole('table', { name: '选基结果' })).toBeTruthy();
  });
});
