import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type EndpointAnswer, failure, ok, stubApi } from '../../../../testing/api-stub.ts';
import { renderPages } from '../../../../testing/render.tsx';
import { baseInfoFixture, feesFixture, managerFixture, navHistoryFixture } from '../../fund-fixtures.ts';
import { fundCompareFixture, planFixture } from '../fund-compare-fixtures.ts';
import FundComparePage from './fund-compare-page.tsx';
import FundManComparePage from './fund-man-compare-page.tsx';
import ProfitComputerPage from './profit-computer-page.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const pages = {
  '/fundCompare': <FundComparePage />,
  '/fundManCompare': <FundManComparePage />,
  '/profitComputer': <ProfitComputerPage />,
  '/fundManager': <p>基金经理页</p>,
};

function rowCells(table: HTMLElement, label: string): HTMLElement[] {
  const header = within(table).getByRole('rowheader', { name: label });
  return [...(header.closest('tr')?.querySelectorAll('td') ?? [])] as HTMLElement[];
}

describe('/fundCompare', () => {
  it('shows the funds side by side, the cumulative returns and the shared holdings', async () => {
    const server = stubApi({
      'fund.fundCompare': ok(fundCompareFixture),
      'fund.navHistory': ok(navHistoryFixture),
    });
    renderPages('/fundCompare?codes=005827.OF,161725.OF', pages);
    const table = await screen.findByRole('table', { name: '基金对比' });
    expect(rowCells(table, '近1年').map((cell) => cell.textContent)).toEqual([
      '▼-12.00%（最优）',
      '▼-20.00%',
    ]);
    expect(rowCells(table, '最大回撤(近1年)')[0]?.dataset.best).toBe('true');
    expect(rowCells(table, '申购费率').map((cell) => cell.textContent)).toEqual(['1.50%', '1.20%（最优）']);
    expect(within(table).getByRole('link', { name: '张坤' }).getAttribute('href')).toBe(
      '/fundManager?managerId=M001',
    );
    // Both funds hold 贵州茅台 among their top holdings.
    const shared = await screen.findByRole('table', { name: '重仓股重合' });
    expect(rowCells(shared, '贵州茅台').map((cell) => cell.textContent)).toEqual(['9.87%', '15.00%']);
    const chart = await screen.findByRole('img', { name: /累计收益/ });
    expect(chart.getAttribute('aria-label')).toContain('易方达蓝筹精选混合 +');
    fireEvent.click(screen.getByRole('button', { name: '成立来' }));
    await vi.waitFor(() =>
      expect(server.calls('fund.navHistory').some((call) => call.range === 'ALL')).toBe(true),
    );
    const links = screen.getByRole('navigation', { name: '更多对比' });
    expect(within(links).getByRole('link', { name: '基金经理对比' }).getAttribute('href')).toBe(
      '/fundManCompare?ids=M001%2CM002',
    );
  });

  it('asks for funds when the link has fewer than two, and shows a failure with 重新加载', async () => {
    let answer: EndpointAnswer<'fund.fundCompare'> = failure('404', '未找到代码 999999.OF 对应的品种');
    stubApi({ 'fund.fundCompare': () => answer, 'fund.navHistory': ok(navHistoryFixture) });
    const view = renderPages('/fundCompare?codes=005827.OF', pages);
    expect(await screen.findByRole('link', { name: '添加对比基金' })).toBeTruthy();
    view.unmount();
    renderPages('/fundCompare?codes=005827.OF,999999.OF', pages);
    const alert = await screen.findByRole('alert');
    answer = ok(fundCompareFixture);
    fireEvent.click(within(alert).getByRole('button', { name: '重新加载' }));
    await screen.findByRole('table', { name: '基金对比' });
  });
});

describe('/fundManCompare', () => {
  it('shows the managers side by side with their funds and tenure returns', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2024-06-28T04:00:00Z') });
    const other = {
      ...managerFixture,
      id: 'M002',
      name: '侯昊',
      company: '招商基金',
      careerStart: 20150101,
      assets: 6e10,
      annualReturn: 0.08,
      funds: managerFixture.funds.slice(1),
    };
    const server = stubApi({ 'fund.manager': (params) => ok(params.id === 'M002' ? other : managerFixture) });
    renderPages('/fundManCompare?ids=M001,M002', pages);
    const table = await screen.findByRole('table', { name: '基金经理对比' });
    expect(rowCells(table, '基金公司').map((cell) => cell.textContent)).toEqual(['易方达基金', '招商基金']);
    expect(rowCells(table, '从业时间')[0]?.textContent).toBe('11 年 232 天（最优）');
    expect(rowCells(table, '最佳任职回报')[0]?.textContent).toContain('87.65%');
    const funds = screen.getByRole('region', { name: '张坤的在管基金' });
    expect(within(funds).getByRole('link', { name: '易方达蓝筹精选混合' }).getAttribute('href')).toBe(
      '/fundDetails?code=005827.OF',
    );
    expect(
      server
        .calls('fund.manager')
        .map((call) => call.id)
        .sort(),
    ).toEqual(['M001', 'M002']);
  });
});

describe('/profitComputer', () => {
  it('prefills the fee from the fund page, computes the plan and shows invested against value', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2024-06-28T04:00:00Z') });
    const server = stubApi({
      'fund.baseInfo': ok(baseInfoFixture),
      'fund.fees': ok(feesFixture),
      'fund.profitComputer': ok(planFixture),
    });
    renderPages('/profitComputer?code=005827.OF', pages);
    const fee = (await screen.findByLabelText('申购费率（%）')) as HTMLInputElement;
    await vi.waitFor(() => expect(fee.value).toBe('1.5'));
    // A year up to the fund's newest NAV (20240628 in the fixture).
    await vi.waitFor(() =>
      expect((screen.getByLabelText('开始日期') as HTMLInputElement).value).toBe('2023-06-28'),
    );
    fireEvent.change(screen.getByLabelText('每期金额（元）'), { target: { value: '100' } });
    fireEvent.click(screen.getByRole('button', { name: '每周' }));
    fireEvent.click(screen.getByRole('button', { name: '开始计算' }));
    const result = await screen.findByRole('region', { name: '定投收益' });
    // In the figures and in the chart's legend.
    expect(await within(result).findAllByText('325.91元')).toHaveLength(2);
    expect(result.textContent).toContain('+25.91元');
    expect(result.textContent).toContain('+8.64%');
    expect(result.textContent).toContain('3期');
    expect(within(result).getByRole('img', { name: /投入与市值/ })).toBeTruthy();
    expect(server.calls('fund.profitComputer')[0]).toMatchObject({
      code: '005827.OF',
      start: 20230628,
      end: 20240628,
      amount: 100,
      frequency: 'weekly',
      feeRate: 0.015,
    });
  });

  it('refuses a start after the end without calling, and shows the server refusal', async () => {
    stubApi({
      'fund.baseInfo': ok(baseInfoFixture),
      'fund.fees': ok(feesFixture),
      'fund.profitComputer': failure(
        '400',
        '所选区间内易方达蓝筹精选混合没有可定投的净值日（净值始于 20180905）',
      ),
    });
    renderPages('/profitComputer?code=005827.OF', pages);
    fireEvent.change(await screen.findByLabelText('开始日期'), { target: { value: '2025-01-01' } });
    fireEvent.change(screen.getByLabelText('结束日期'), { target: { value: '2024-01-01' } });
    fireEvent.click(screen.getByRole('button', { name: '开始计算' }));
    expect(screen.getByRole('alert').textContent).toBe('开始日期应早于结束日期');
    fireEvent.change(screen.getByLabelText('开始日期'), { target: { value: '2010-01-01' } });
    fireEvent.change(screen.getByLabelText('结束日期'), { target: { value: '2011-01-01' } });
    fireEvent.click(screen.getByRole('button', { name: '开始计算' }));
    expect(await screen.findByText(/没有可定投的净值日/)).toBeTruthy();
  });

  it('picks a fund by search when opened without one', async () => {
    stubApi({
      'market.searchV4': ok({
        stocks: [],
        hk: [],
        indices: [],
        funds: [
          {
            code: '005827.OF',
            name: '易方达蓝筹精选混合',
            type: 'fund_outside',
            pinyinInitials: 'yfd',
            delisted: false,
          },
        ],
      }),
      'fund.baseInfo': ok(baseInfoFixture),
      'fund.fees': ok(feesFixture),
    });
    renderPages('/profitComputer', pages);
    fireEvent.change(screen.getByRole('searchbox', { name: '搜索基金' }), { target: { value: '蓝筹' } });
    fireEvent.click(await screen.findByRole('button', { name: /易方达蓝筹精选混合/ }));
    expect(await screen.findByRole('button', { name: '开始计算' })).toBeTruthy();
  });
});

describe('/fundManCompare with one manager', () => {
  it('asks for a second manager without loading the one it has', async () => {
    const server = stubApi({ 'fund.manager': ok(managerFixture) });
    renderPages('/fundManCompare?ids=M001', pages);
    expect(await screen.findByText('请先对比基金，再从基金对比进入基金经理对比')).toBeTruthy();
    expect(screen.getByRole('link', { name: '添加对比基金' }).getAttribute('href')).toBe(
      '/compare-search?type=fund',
    );
    expect(server.calls('fund.manager')).toHaveLength(0);
  });
});
