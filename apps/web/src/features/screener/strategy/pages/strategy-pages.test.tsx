import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { StrategySummary } from '@zhicai/contract';
import { describe, expect, it, vi } from 'vitest';
import { localStore } from '../../../../platform/session/local-store.ts';
import { failure, ok, stubApi } from '../../../../testing/api-stub.ts';
import { renderPages } from '../../../../testing/render.tsx';
import { strategySummary } from '../../../../testing/strategy-fixtures.ts';
import { signedInEachTest } from '../../signed-in-tests.ts';
import { DiagnosisCard } from '../components/diagnosis-card.tsx';
import HouseStrategiesPage from './house-strategies-page.tsx';
import MyStrategiesPage from './my-strategies-page.tsx';
import StrategyDetailPage from './strategy-detail-page.tsx';

const conditions = { seqFlags: ['PB'], PB_left: 0, PB_right: 1 };

const summary = (values: Partial<StrategySummary>): StrategySummary =>
  strategySummary({ conditions, entries: 2, exits: 1, changedDay: 20261120, ...values });

const mine = summary({ id: 41, name: '温和上涨', house: false, description: '', redPoint: true, count: 37 });
const lists = { house: [summary({})], mine: [mine] };

const pages = {
  '/chooseMeList': <MyStrategiesPage />,
  '/ChooseSuperdex': <HouseStrategiesPage />,
  '/chooseSuper': <StrategyDetailPage />,
};

signedInEachTest();

describe('strategy lists', { timeout: 20_000 }, () => {
  it('lists my strategies with today’s count and a red point on a changed one', async () => {
    stubApi({ 'screener.strategyListV3': ok(lists) });
    renderPages('/chooseMeList', pages);
    const list = await screen.findByRole('list', { name: '我的策略' });
    const row = within(list).getByText('温和上涨').closest('li') as HTMLElement;
    expect(within(row).getByRole('img', { name: '有新变化' })).toBeTruthy();
    expect(row.textContent).toContain('今日入选 37 只');
    expect(row.textContent).toContain('▲新入选 2');
    expect(row.textContent).toContain('▼移出 1');
  });

  it('opening a strategy with a red point clears it, and shows its results and its entries and exits', async () => {
    const server = stubApi({
      'screener.strategyListV3': ok(lists),
      'screener.strategyInfo': ok({
        id: 41,
        name: '温和上涨',
        kind: 'stock',
        house: false,
        conditions,
        columns: ['代码', '名称', '入选日期', '市净率'],
        list: [['600000.SH', '浦发银行', '2026/11/20', 0.52]],
        runDay: 20261120,
      }),
      'screener.strategyChanges': ok([
        {
          strategyId: 41,
          strategyName: '温和上涨',
          kind: 'stock',
          day: 20261120,
          entries: [{ code: '600000.SH', name: '浦发银行' }],
          exits: [{ code: '601988.SH', name: '中国银行' }],
        },
      ]),
      'screener.strategyRemoveRedPoint': ok({ removed: 1 }),
    });
    renderPages('/chooseMeList', pages);
    fireEvent.click(await screen.findByText('温和上涨', {}, { timeout: 5000 }));
    expect(await screen.findByText('0.52')).toBeTruthy();
    expect(screen.getByText('▲调入 浦发银行')).toBeTruthy();
    expect(screen.getByText('▼调出 中国银行')).toBeTruthy();
    await waitFor(() => expect(server.calls('screener.strategyRemoveRedPoint')).toEqual([{ id: 41 }]));
  });

  it('asks a visitor to sign in for their own strategies, and offers a retry when loading fails', async () => {
    localStore.getState().setToken(null);
    stubApi({ 'screener.strategyListV3': ok({ house: lists.house, mine: [] }) });
    const { unmount } = renderPages('/chooseMeList', pages);
    expect(await screen.findByText(/登录后查看与保存我的策略/)).toBeTruthy();
    unmount();
    vi.unstubAllGlobals();
    localStore.getState().setToken('jwt-alice');
    stubApi({ 'screener.strategyListV3': failure('999') });
    renderPages('/ChooseSuperdex', pages);
    expect(await screen.findByText('策略加载失败')).toBeTruthy();
  });

  it('says a deleted or unknown strategy is gone and leads to the lists instead of retrying', async () => {
    stubApi({
      'screener.strategyListV3': ok(lists),
      'screener.strategyInfo': failure('404'),
      'screener.strategyChanges': ok([]),
    });
    renderPages('/chooseSuper?id=99', pages);
    expect(await screen.findByText(/策略不存在或已删除/, {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.queryByRole('button', { name: '重新加载' })).toBeNull();
    fireEvent.click(screen.getByRole('link', { name: '我的策略' }));
    expect(await screen.findByRole('list', { name: '我的策略' })).toBeTruthy();
  });

  it('offers a new screen from my strategies', async () => {
    stubApi({ 'screener.strategyListV3': ok({ house: lists.house, mine: [] }) });
    renderPages('/chooseMeList', pages);
    expect(await screen.findByText('还没有保存的策略，可从官方策略复制')).toBeTruthy();
    expect(screen.getByRole('link', { name: '新建选股' }).getAttribute('href')).toBe('/choose-stock-picker');
  });

  it('copies a house strategy into mine', async () => {
    const server = stubApi({ 'screener.strategyListV3': ok(lists), 'screener.strategyCopy': ok({ id: 42 }) });
    renderPages('/ChooseSuperdex', pages);
    fireEvent.click(await screen.findByRole('button', { name: '复制到我的策略' }));
    await waitFor(() => expect(server.calls('screener.strategyCopy')).toEqual([{ id: 1 }]));
  });
});

describe('the diagnosis card', () => {
  it('shows the three scores, highlights and risks, and the strategies holding the stock', async () => {
    stubApi({
      'screener.vipData': ok({
        score1: { scoreCompany: 8.24, scoreTrend: 4, scoreValue: 6.5 },
        comment_new: {
          positive_new: [{ tag: '高毛利', value: '毛利率 91.2%' }],
          unpositive_new: [{ tag: '估值处于高位', value: '市盈率处于近5年 82.0% 分位' }],
        },
      }),
      'screener.stockStrategysDetail': ok([
        { id: 1, name: '破净股', house: true, since: 20261118, changedDay: 20261120, entries: 2, exits: 1 },
      ]),
    });
    renderPages('/card', { '/card': <DiagnosisCard code="600519.SH" /> });
    expect(await screen.findByText('8.2')).toBeTruthy();
    expect(screen.getByText('4.0')).toBeTruthy();
    expect(screen.getByText('6.5')).toBeTruthy();
    expect(screen.getByText('毛利率 91.2%')).toBeTruthy();
    expect(screen.getByText('亮点·高毛利')).toBeTruthy();
    expect(screen.getByText('风险·估值处于高位')).toBeTruthy();
    const held = await screen.findByRole('list', { name: '所属策略' });
    expect(held.textContent).toContain('破净股（官方） · 11-18 起入选');
  });

  it('says so when no strategy holds the stock', async () => {
    stubApi({
      'screener.vipData': ok({
        score1: { scoreCompany: 5, scoreTrend: 5, scoreValue: 5 },
        comment_new: { positive_new: [], unpositive_new: [] },
      }),
      'screener.stockStrategysDetail': ok([]),
    });
    renderPages('/card', { '/card': <DiagnosisCard code="600519.SH" /> });
    expect(await screen.findByText('暂未入选任何策略')).toBeTruthy();
  });
});
