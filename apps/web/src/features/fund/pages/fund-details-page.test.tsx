import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { api, href } from '@zhicai/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type EndpointAnswer, failure, ok, type StubRoutes, stubApi } from '../../../testing/api-stub.ts';
import { flatQuoteOf } from '../../../testing/quote-fixtures.ts';
import { renderPages } from '../../../testing/render.tsx';
import {
  baseInfoFixture,
  feesFixture,
  holdingsFixture,
  lofBaseInfoFixture,
  navHistoryFixture,
} from '../fund-fixtures.ts';
import FundDetailsPage from './fund-details-page.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

function stub(routes: StubRoutes = {}) {
  return stubApi({
    'fund.baseInfo': ok(baseInfoFixture),
    'fund.navHistory': ok(navHistoryFixture),
    'fund.holdings': ok(holdingsFixture),
    'fund.fees': ok(feesFixture),
    ...routes,
  });
}

const pages = { '/fundDetails': <FundDetailsPage /> };

describe('/fundDetails', () => {
  it('shows name, code, category, NAV, coloured daily change and period returns', async () => {
    stub();
    renderPages('/fundDetails?code=005827.OF', pages);
    const hero = await screen.findByRole('region', { name: '基金净值' });
    await within(hero).findByRole('heading', { name: '易方达蓝筹精选混合' });
    expect(hero.textContent).toContain('005827.OF');
    expect(hero.textContent).toContain('混合型');
    expect(hero.textContent).toContain('单位净值（2024-06-28）');
    expect(hero.textContent).toContain('1.8765');
    const daily = within(hero).getByText(/1\.23%/);
    expect(daily.textContent).toContain('▲');
    expect(daily.dataset.tone).toBe('up');
    const returns = within(hero).getByRole('list', { name: '阶段收益' });
    const cells = within(returns)
      .getAllByRole('listitem')
      .map((cell) => cell.textContent);
    expect(cells).toHaveLength(10);
    expect(cells[0]).toMatch(/近1周.*▲.*0\.51%/);
    expect(cells[1]).toMatch(/近1月.*▼.*3\.21%/);
    expect(cells[6]).toMatch(/近3年.*--/);
    const tones = within(returns)
      .getAllByRole('listitem')
      .map((cell) => cell.querySelector('[data-tone]')?.getAttribute('data-tone'));
    expect(tones).toEqual(['up', 'down', 'up', 'up', 'down', 'up', 'none', 'none', 'flat', 'up']);
    expect(cells[9]).toMatch(/成立来.*▲.*87\.65%/);
  });

  it('opens 对比 with the fund chosen and the 定投计算器 for the fund', async () => {
    stub();
    renderPages('/fundDetails?code=005827.OF', pages);
    const tools = await screen.findByRole('navigation', { name: '基金工具' });
    expect(within(tools).getByRole('link', { name: '对比' }).getAttribute('href')).toBe(
      href('compare-search', { type: 'fund', codes: '005827.OF' }),
    );
    expect(within(tools).getByRole('link', { name: '定投计算器' }).getAttribute('href')).toBe(
      href('profitComputer', { code: '005827.OF' }),
    );
  });

  it('links each manager to the manager page', async () => {
    stub();
    renderPages('/fundDetails?code=005827.OF', pages);
    const link = await screen.findByRole('link', { name: /张坤/ });
    expect(link.getAttribute('href')).toBe(href('fundManager', { managerId: 'M001' }));
    expect(link.textContent).toContain('2018-09-05 起任职');
  });

  it('draws the NAV chart with the range return labelled and reloads on another range', async () => {
    const server = stub();
    renderPages('/fundDetails?code=005827.OF', pages);
    const chart = await screen.findByRole('img', { name: /区间收益/ });
    // 1.98 / 1.80 − 1 on the accumulated NAV.
    expect(chart.getAttribute('aria-label')).toBe('2024-06-26 至 2024-06-28，区间收益 +10.00%');
    expect(chart.textContent).toContain('+10.00%');
    expect(server.calls('fund.navHistory')[0]?.range).toBe('1Y');
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      '1月',
      '3月',
      '6月',
      '1年',
      '3年',
      '5年',
      '成立来',
    ]);
    fireEvent.click(screen.getByRole('tab', { name: '3年' }));
    await waitFor(() =>
      expect(server.calls('fund.navHistory').map((params) => params.range)).toContain('3Y'),
    );
    fireEvent.click(screen.getByRole('button', { name: '单位净值' }));
    expect((await screen.findByRole('img', { name: /单位净值 1\.8765/ })).textContent).toContain('1.8765');
  });

  it('lists holdings with weights, links and the asset allocation', async () => {
    stub();
    renderPages('/fundDetails?code=005827.OF', pages);
    const holdings = await screen.findByRole('region', { name: '持仓' });
    await within(holdings).findByText('报告期 2024-03-31');
    expect(within(holdings).getByRole('link', { name: '贵州茅台' }).getAttribute('href')).toBe(
      '/stock?stockCode=600519.SH',
    );
    expect(within(holdings).getByRole('link', { name: '腾讯控股' }).getAttribute('href')).toBe(
      '/stockHk?stockCode=00700.HK',
    );
    expect(within(holdings).getByText('9.87%')).toBeTruthy();
    const allocation = within(holdings).getByRole('list', { name: '资产配置' });
    expect(allocation.textContent).toContain('股票91.23%');
  });

  it('shows yearly fees and the purchase and redemption tiers', async () => {
    stub();
    renderPages('/fundDetails?code=005827.OF', pages);
    const fees = await screen.findByRole('region', { name: '费率' });
    await within(fees).findByText('1.50%/年');
    expect(within(fees).getByText('0.25%/年')).toBeTruthy();
    expect(within(fees).getByText('0.00%/年')).toBeTruthy();
    const purchase = within(fees).getByRole('table', { name: '买入费率' });
    const rows = within(purchase)
      .getAllByRole('row')
      .map((row) => row.textContent);
    expect(rows).toEqual(['买入金额费率', '0≤金额<100万1.50%', '100万≤金额<500万0.15%']);
    const redemption = within(fees).getByRole('table', { name: '卖出费率' });
    expect(redemption.textContent).toContain('期限≥730天0.00%');
  });

  it('shows the profile: company, inception, size in 亿, benchmark and risk level', async () => {
    stub();
    renderPages('/fundDetails?code=005827.OF', pages);
    const profile = await screen.findByRole('region', { name: '基金概况' });
    expect(profile.textContent).toContain('易方达基金');
    expect(profile.textContent).toContain('2018-09-05');
    expect(profile.textContent).toContain('123.5亿元');
    expect(profile.textContent).toContain('R3 中风险');
    expect(profile.textContent).toContain('沪深300指数收益率');
  });

  it('shows a section error with 重新加载 that reloads only that section', async () => {
    let holdingsAnswer: EndpointAnswer<'fund.holdings'> = failure();
    const server = stub({ 'fund.holdings': () => holdingsAnswer });
    renderPages('/fundDetails?code=005827.OF', pages);
    const holdings = await screen.findByRole('region', { name: '持仓' });
    await within(holdings).findByRole('alert');
    expect(screen.getByRole('region', { name: '费率' }).textContent).not.toContain('重新加载');
    holdingsAnswer = ok(holdingsFixture);
    fireEvent.click(within(holdings).getByRole('button', { name: '重新加载' }));
    await within(holdings).findByRole('link', { name: '贵州茅台' });
    expect(server.calls('fund.holdings')).toHaveLength(2);
    expect(server.calls('fund.fees')).toHaveLength(1);
  });

  it('shows an error with 重新加载 when the fund cannot be loaded', async () => {
    let answer: EndpointAnswer<'fund.baseInfo'> = failure();
    stub({ 'fund.baseInfo': () => answer });
    renderPages('/fundDetails?code=005827.OF', pages);
    const hero = await screen.findByRole('region', { name: '基金净值' });
    await within(hero).findByRole('alert');
    answer = ok(baseInfoFixture);
    fireEvent.click(within(hero).getByRole('button', { name: '重新加载' }));
    await within(hero).findByRole('heading', { name: '易方达蓝筹精选混合' });
  });

  // The exchange listing of an LOF is an on-exchange fund (fund_onside) under its Shenzhen code.
  const lofQuote = (price: number | null) =>
    api.market.realTime.datas.parse([
      flatQuoteOf('161725.SZ', {
        name: '招商中证白酒指数(LOF)',
        type: 'fund_onside',
        price,
        prevClose: 1.87,
        chg: price === null ? null : price - 1.87,
        chgPct: price === null ? null : (price - 1.87) / 1.87,
      }),
    ]);

  /** The LOF's base info, and its exchange listing trading at `price` (null: no price yet). */
  const stubLofAt = (price: number | null) =>
    stub({
      'fund.baseInfo': ok(lofBaseInfoFixture),
      'market.realTime': ok(lofQuote(price)),
    });

  it('shows the live market price of an LOF under its exchange code, and its premium over the NAV', async () => {
    const server = stubLofAt(1.885);
    renderPages('/fundDetails?code=161725.OF&type=fund_lof', pages);
    const live = await screen.findByLabelText('场内行情');
    await waitFor(() => expect(live.textContent).toContain('1.885'));
    expect(live.textContent).toContain('场内价格');
    expect(live.textContent).toContain('0.80%');
    // 1.885 against the unit NAV 1.8765: a premium of 0.45%, red as a rise is.
    expect(live.textContent).toContain('溢价率');
    const premium = live.querySelector('.fund-hero__premium');
    expect(premium?.textContent).toContain('0.45%');
    expect(premium?.getAttribute('data-tone')).toBe('up');
    expect(server.calls('market.realTime')[0]?.codes).toEqual(['161725.SZ']);
  });

  it('knows an LOF from its base info when the link has no type', async () => {
    const server = stubLofAt(1.885);
    renderPages('/fundDetails?code=161725.OF', pages);
    const live = await screen.findByLabelText('场内行情');
    await waitFor(() => expect(live.textContent).toContain('1.885'));
    expect(server.calls('market.realTime')[0]?.codes).toEqual(['161725.SZ']);
  });

  it('shows a discount to the NAV in green', async () => {
    stubLofAt(1.85);
    renderPages('/fundDetails?code=161725.OF&type=fund_lof', pages);
    const live = await screen.findByLabelText('场内行情');
    await waitFor(() => expect(live.textContent).toContain('1.85'));
    const premium = live.querySelector('.fund-hero__premium');
    // 1.85 / 1.8765 − 1 = −1.41%.
    expect(premium?.textContent).toContain('1.41%');
    expect(premium?.getAttribute('data-tone')).toBe('down');
  });

  it('shows -- for the premium while the exchange price is missing', async () => {
    stubLofAt(null);
    renderPages('/fundDetails?code=161725.OF&type=fund_lof', pages);
    const live = await screen.findByLabelText('场内行情');
    expect(live.querySelector('.fund-hero__premium')?.textContent).toBe('--');
  });

  it('does not ask for live quotes for an off-exchange fund', async () => {
    const server = stub();
    renderPages('/fundDetails?code=005827.OF', pages);
    await screen.findByRole('heading', { level: 2, name: '易方达蓝筹精选混合' });
    expect(screen.queryByLabelText('场内行情')).toBeNull();
    expect(server.calls('market.realTime')).toHaveLength(0);
  });
});
