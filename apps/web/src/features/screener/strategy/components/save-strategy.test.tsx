import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { localStore } from '../../../../platform/session/local-store.ts';
import { ok, type StubRoutes, stubApi } from '../../../../testing/api-stub.ts';
import { renderPages } from '../../../../testing/render.tsx';
import { strategySummary } from '../../../../testing/strategy-fixtures.ts';
import { signedInEachTest } from '../../signed-in-tests.ts';
import ScreenResultPage from '../../stock/pages/screen-result-page.tsx';
import StockPickerPage from '../../stock/pages/stock-picker-page.tsx';
import { encodeRequest } from '../../stock/screen-draft.ts';
import { peCriterion, screenPageFixture } from '../../stock/stock-screen-fixtures.ts';
import { strategyConditionsOf } from '../strategy-rules.ts';

// Issue 18 item 9 "save … strategies" and item 8 "/stock-picker: house strategies with today's count
// and change badges, my strategies": the Done-when flow found neither on the pages.

const summary = strategySummary;

const screenPage = screenPageFixture({ criteria: [peCriterion(5, 40)] });

const request = {
  seqFlags: 'PE_TTM,ROE',
  PE_TTM_left: 5,
  PE_TTM_right: 40,
  ROE_left: 10,
  ROE_right: 'Infinity',
};
const resultPath = `/result-stock-picker?q=${encodeURIComponent(encodeRequest(request))}`;

signedInEachTest();

describe('a screen as a strategy', { timeout: 20_000 }, () => {
  it('keeps the flags, bounds, boards and ST choice of a screen', () => {
    expect(
      strategyConditionsOf({
        ...request,
        seqFlags: 'PE_TTM,ROE,BASIC_ST',
        plates: '1,2',
        BASIC_ST_left: 1,
        BASIC_ST_right: 1,
      }),
    ).toEqual({
      ok: true,
      conditions: {
        seqFlags: ['PE_TTM', 'ROE', 'BASIC_ST'],
        PE_TTM_left: 5,
        PE_TTM_right: 40,
        ROE_left: 10,
        ROE_right: 'Infinity',
        plates: '1,2',
        BASIC_ST_left: 1,
        BASIC_ST_right: 1,
      },
    });
  });

  it('keeps the industry, concept or index chosen, under the option flag in lower case', () => {
    expect(
      strategyConditionsOf({
        seqFlags: 'SW_L2,PE_TTM,INDEX,BASIC_ST',
        sw_l2: '801125.ZSI',
        PE_TTM_left: 0,
        PE_TTM_right: 40,
        index: '000300.SH,000905.SH',
        basic_st: '1',
      }),
    ).toEqual({
      ok: true,
      conditions: {
        seqFlags: ['SW_L2', 'PE_TTM', 'INDEX', 'BASIC_ST'],
        sw_l2: '801125.ZSI',
        PE_TTM_left: 0,
        PE_TTM_right: 40,
        index: '000300.SH,000905.SH',
        basic_st: '1',
      },
    });
  });

  it('says why a screen with no condition, or options of a condition not chosen, cannot be saved', () => {
    expect(strategyConditionsOf({ seqFlags: '' })).toEqual({ ok: false, reason: '请至少选择一个条件' });
    expect(strategyConditionsOf({ seqFlags: 'PE_TTM', sw_l2: '801125.ZSI' })).toEqual({
      ok: false,
      reason: '条件 sw_l2 不在所选条件中',
    });
  });

  it('is saved from the results under the name typed, then links to the strategy', async () => {
    const server = stubApi({ 'screener.select': ok(screenPage), 'screener.strategyAdd': ok({ id: 57 }) });
    renderPages(resultPath, {
      '/result-stock-picker': <ScreenResultPage />,
      '/chooseSuper': <p>策略页</p>,
    });
    expect(await screen.findByText('共 1 只', {}, { timeout: 5000 })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '保存策略' }));
    fireEvent.change(screen.getByRole('textbox', { name: '策略名称' }), { target: { value: '低估蓝筹' } });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() =>
      expect(server.calls('screener.strategyAdd')).toEqual([
        {
          name: '低估蓝筹',
          conditions: {
            seqFlags: ['PE_TTM', 'ROE'],
            PE_TTM_left: 5,
            PE_TTM_right: 40,
            ROE_left: 10,
            ROE_right: 'Infinity',
          },
        },
      ]),
    );
    fireEvent.click(await screen.findByRole('link', { name: '查看策略' }));
    expect(await screen.findByText('策略页')).toBeTruthy();
  });

  it('asks a visitor to sign in before saving', async () => {
    localStore.getState().setToken(null);
    stubApi({ 'screener.select': ok(screenPage) });
    renderPages(resultPath, { '/result-stock-picker': <ScreenResultPage /> });
    const login = await screen.findByRole('link', { name: '登录后保存策略' }, { timeout: 5000 });
    expect(login.getAttribute('href')).toContain('/bindphone?redirect=');
  });
});

describe('the strategies on the 选股器 tab', { timeout: 20_000 }, () => {
  const pickerApi: StubRoutes = {
    'screener.recommend': ok([]),
    'screener.listSelectInfo': ok({ tradingDay: 20261120, universe: 400, groups: [] }),
  };

  it('lists my strategies with a red point on a change not yet seen, and the house ones', async () => {
    stubApi({
      ...pickerApi,
      'screener.strategyListV3': ok({
        house: [summary({})],
        mine: [
          summary({
            id: 57,
            name: '低估蓝筹',
            house: false,
            description: '',
            changedDay: 20261120,
            entries: 3,
            exits: 2,
            redPoint: true,
          }),
        ],
      }),
    });
    renderPages('/stock-picker', { '/stock-picker': <StockPickerPage /> });
    const mine = await screen.findByRole('list', { name: '我的策略' });
    const row = within(mine).getByRole('link', { name: /低估蓝筹/ });
    expect(within(row).getByRole('img', { name: '有新变化' })).toBeTruthy();
    expect(row.textContent).toContain('▲新入选 3');
    expect(row.getAttribute('href')).toBe('/chooseSuper?id=57');
    const house = screen.getByRole('list', { name: '官方策略' });
    expect(within(house).getByRole('link', { name: /破净股/ }).textContent).toContain('今日入选 12 只');
  });

  it('asks a visitor to sign in for their own strategies and says when there are none', async () => {
    localStore.getState().setToken(null);
    stubApi({ ...pickerApi, 'screener.strategyListV3': ok({ house: [], mine: [] }) });
    const { unmount } = renderPages('/stock-picker', { '/stock-picker': <StockPickerPage /> });
    expect(await screen.findByRole('link', { name: '登录后查看与保存我的策略' })).toBeTruthy();
    expect(await screen.findByText('暂无官方策略')).toBeTruthy();
    unmount();
    localStore.getState().setToken('jwt-alice');
    renderPages('/stock-picker', { '/stock-picker': <StockPickerPage /> });
    expect(await screen.findByText('还没有保存的策略：新建选股后在结果页保存')).toBeTruthy();
  });
});
