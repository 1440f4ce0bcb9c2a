import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { StrategyConditions, StrategySummary } from '@zhicai/contract';
import { describe, expect, it } from 'vitest';
import { ok, type StubRoutes, stubApi } from '../../../../testing/api-stub.ts';
import { renderPages } from '../../../../testing/render.tsx';
import { strategySummary } from '../../../../testing/strategy-fixtures.ts';
import { signedInEachTest } from '../../signed-in-tests.ts';
import ChooseStockPickerPage from '../../stock/pages/choose-stock-picker-page.tsx';
import StockPickerPage from '../../stock/pages/stock-picker-page.tsx';
import {
  catalogueFixture,
  choiceConditionFixture,
  peConditionFixture,
} from '../../stock/stock-screen-fixtures.ts';
import { editConditionsHref } from '../strategy-rules.ts';
import StrategyDetailPage from './strategy-detail-page.tsx';

// Issue 18 item 9, "save, rename, copy and delete strategies": updateCondition/{id} had no page.
// 修改条件 of one of the user's strategies opens the editor on its conditions, options included,
// and 保存条件 writes the edited conditions back to that strategy.

const liquor: StrategyConditions = {
  seqFlags: ['SW_L2', 'PE_TTM'],
  sw_l2: '801125.ZSI',
  PE_TTM_left: 0,
  PE_TTM_right: 40,
};

const summary = (values: Partial<StrategySummary>): StrategySummary =>
  strategySummary({
    id: 57,
    name: '白酒低估',
    house: false,
    description: '',
    conditions: liquor,
    count: 6,
    ...values,
  });

const house = summary({
  id: 1,
  name: '破净股',
  house: true,
  conditions: { seqFlags: ['PB'], PB_left: 0, PB_right: 1 },
});

const catalogue = catalogueFixture([
  peConditionFixture(),
  choiceConditionFixture('SW_L2', '申万二级行业', [
    { value: '801125.ZSI', label: '白酒Ⅱ', count: 6 },
    { value: '801780.ZSI', label: '银行Ⅱ', count: 30 },
  ]),
]);

const editorApi = {
  'screener.listSelectInfo': ok(catalogue),
  'screener.listCommentTags': ok([]),
  'screener.recommend': ok([]),
  'screener.num': ok({ total: 6, universe: 400 }),
} satisfies StubRoutes;

signedInEachTest();

// The editor's first render loads antd-mobile (its Slider), which takes seconds on a busy machine.
const firstRender = { timeout: 10_000 };

describe('修改条件 of a saved strategy', { timeout: 30_000 }, () => {
  it('is offered on the 选股器 tab for my strategies only, leading to the editor on that strategy', async () => {
    stubApi({ ...editorApi, 'screener.strategyListV3': ok({ house: [house], mine: [summary({})] }) });
    renderPages('/stock-picker', { '/stock-picker': <StockPickerPage /> });
    const mine = await screen.findByRole('list', { name: '我的策略' });
    const edit = within(mine).getByRole('link', { name: '修改条件' });
    expect(edit.getAttribute('href')).toBe(editConditionsHref(57, liquor));
    const houseList = screen.getByRole('list', { name: '官方策略' });
    expect(within(houseList).queryByRole('link', { name: '修改条件' })).toBeNull();
  });

  it('is offered on my strategy’s results page, not on a house strategy’s', async () => {
    const info = (id: number, isHouse: boolean, conditions: StrategyConditions) => ({
      id,
      name: isHouse ? '破净股' : '白酒低估',
      kind: 'stock' as const,
      house: isHouse,
      conditions,
      columns: ['代码', '名称', '入选日期', '市盈率(TTM)(倍)'],
      list: [['600519.SH', '贵州茅台', '2026/11/19', 21.3]],
      runDay: 20261120,
    });
    stubApi({
      'screener.strategyListV3': ok({ house: [house], mine: [summary({})] }),
      'screener.strategyInfo': (params) =>
        ok(Number(params.id) === 57 ? info(57, false, liquor) : info(1, true, house.conditions)),
      'screener.strategyChanges': ok([]),
    });
    const { unmount } = renderPages('/chooseSuper?id=57', { '/chooseSuper': <StrategyDetailPage /> });
    const edit = await screen.findByRole('link', { name: '修改条件' }, { timeout: 5000 });
    expect(edit.getAttribute('href')).toBe(editConditionsHref(57, liquor));
    unmount();
    renderPages('/chooseSuper?id=1', { '/chooseSuper': <StrategyDetailPage /> });
    expect(await screen.findByText('21.30', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByRole('link', { name: '修改条件' })).toBeNull();
  });

  it('opens the editor filled with the strategy’s industry and range, and saves the edit to that strategy', async () => {
    const server = stubApi({
      ...editorApi,
      'screener.strategyUpdateCondition': ok({ id: 57 }),
    });
    renderPages(editConditionsHref(57, liquor), {
      '/choose-stock-picker': <ChooseStockPickerPage />,
      '/chooseSuper': <p>策略页</p>,
    });
    const industry = await screen.findByRole('region', { name: '申万二级行业' }, firstRender);
    expect(within(industry).getByRole('button', { name: '白酒Ⅱ（6）' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    const pe = screen.getByRole('region', { name: '市盈率(TTM)' });
    expect((within(pe).getByLabelText('市盈率(TTM)上限') as HTMLInputElement).value).toBe('40');
    fireEvent.change(within(pe).getByLabelText('市盈率(TTM)上限'), { target: { value: '30' } });
    fireEvent.click(within(industry).getByRole('button', { name: '银行Ⅱ（30）' }));
    fireEvent.click(screen.getByRole('button', { name: '保存条件' }));
    await waitFor(() =>
      expect(server.calls('screener.strategyUpdateCondition')).toEqual([
        {
          id: 57,
          conditions: {
            seqFlags: ['SW_L2', 'PE_TTM'],
            sw_l2: '801125.ZSI,801780.ZSI',
            PE_TTM_left: 0,
            PE_TTM_right: 30,
          },
        },
      ]),
    );
    expect(await screen.findByText('策略页')).toBeTruthy();
  });

  it('a new screen has no 保存条件: it is saved from its results instead', async () => {
    stubApi(editorApi);
    renderPages('/choose-stock-picker', { '/choose-stock-picker': <ChooseStockPickerPage /> });
    expect(await screen.findByRole('button', { name: '查看结果' }, firstRender)).toBeTruthy();
    expect(screen.queryByRole('button', { name: '保存条件' })).toBeNull();
  });
});
