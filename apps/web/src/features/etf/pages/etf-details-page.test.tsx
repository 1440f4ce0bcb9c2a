import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type EndpointAnswer, failure, ok, type StubRoutes, stubApi } from '../../../testing/api-stub.ts';
import { renderPages } from '../../../testing/render.tsx';
import {
  dayKFixture,
  etfQuote,
  holdAllFixture,
  indexQuote,
  linkFundFixture,
  minutesFixture,
  swMapFixture,
  valuationFixture,
} from '../etf-fixtures.ts';
import EtfDetailsPage from './etf-details-page.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

function stub(routes: StubRoutes = {}) {
  return stubApi({
    'market.realTime': ok([etfQuote('510300.SH', {})]),
    'market.subscribeShare': ok(minutesFixture),
    'market.dayKV2': ok(dayKFixture),
    'etf.holdAll': ok(holdAllFixture),
    'index.swMap': ok(swMapFixture),
    'etf.linkFund': ok(linkFundFixture),
    'etf.valuation': ok(valuationFixture),
    ...routes,
  });
}

const pages = { '/etfDetails': <EtfDetailsPage /> };

describe('/etfDetails', () => {
  it('shows the live quote: price, coloured change, amount, turnover, amplitude, high/low, IOPV, premium', async () => {
    const server = stub();
    renderPages('/etfDetails?code=510300.SH', pages);
    const hero = await screen.findByRole('region', { name: '实时行情' });
    await within(hero).findByRole('heading', { name: '沪深300ETF' });
    expect(hero.textContent).toContain('510300.SH');
    // An ETF quotes to 0.001 yuan, its change too (issue 15: the header read 2.00 / 0.00).
    expect(hero.textContent).toContain('3.912▲+0.062');
    const percent = within(hero).getByText(/1\.61%/);
    expect(percent.textContent).toContain('▲');
    expect(percent.dataset.tone).toBe('up');
    const stats = Object.fromEntries(
      within(hero)
        .getAllByRole('term')
        .map((term) => [term.textContent, term.nextElementSibling?.textContent]),
    );
    expect(stats).toMatchObject({
      成交额: '20.03亿',
      换手率: '1.23%',
      振幅: '2.86%',
      最高: '3.950',
      最低: '3.840',
    });
    // Until the index's own quote arrives, IOPV is the server's: 3.912 ÷ 3.900 − 1 = +0.31%.
    await waitFor(() => expect(within(hero).getByText('+0.31%')).toBeTruthy());
    expect(server.calls('market.realTime')[0]?.codes).toEqual(['510300.SH']);
  });

  it("shows the 五档盘口 at the ETF's 0.001 tick, sizes in 手", async () => {
    stub({
      'stock.handicap': ok({
        code: '510300.SH',
        time: Date.now(),
        price: 3.912,
        bids: [3.912, 3.911, 3.91, 3.909, 3.908].map((price, i) => ({ price, volume: (i + 1) * 10_000 })),
        asks: [3.913, 3.914, 3.915, 3.916, 3.917].map((price, i) => ({ price, volume: (i + 2) * 10_000 })),
        orderImbalance: -0.1,
        outerVolume: 1_000_000,
        innerVolume: 900_000,
        volumeRatio: 1.1,
        high52w: 4.2,
        low52w: 3.3,
        eps: null,
        dividendYield: null,
        lotSize: 100,
        currency: 'CNY',
        delayed: false,
      }),
    });
    renderPages('/etfDetails?code=510300.SH', pages);
    const book = await screen.findByRole('table', { name: '五档盘口（单位：手）' });
    const rows = within(book).getAllByRole('row');
    expect(rows).toHaveLength(5);
    // 买一 3.912 (100 手) beside 卖一 3.913 (200 手): three decimals, coloured against 昨收 3.850.
    expect(rows[0]?.textContent).toContain('买一3.912100卖一3.913200');
  });

  it('moves IOPV with the tracked index and shows the premium over it', async () => {
    stub({
      'market.realTime': (params) =>
        ok(params.codes.includes('000300.SH') ? [indexQuote('000300.SH')] : [etfQuote('510300.SH', {})]),
    });
    renderPages('/etfDetails?code=510300.SH', pages);
    const hero = await screen.findByRole('region', { name: '实时行情' });
    // 3.9 × 4545 ÷ 4500 = 3.939; 3.912 ÷ 3.939 − 1 = −0.69%, a discount, shown in green.
    await within(hero).findByText('3.939');
    const premium = within(hero).getByText('-0.69%');
    expect(premium.closest('dd')?.previousElementSibling?.textContent).toBe('溢价率');
  });

  it('shows -- for IOPV and premium when the tracked index is unknown', async () => {
    stub({
      'etf.valuation': ok({
        index: null,
        follows: null,
        navDay: null,
        previousNav: null,
        iopv: null,
        premiumRate: null,
      }),
    });
    renderPages('/etfDetails?code=510300.SH', pages);
    const hero = await screen.findByRole('region', { name: '实时行情' });
    await within(hero).findByRole('heading', { name: '沪深300ETF' });
    const stats = Object.fromEntries(
      within(hero)
        .getAllByRole('term')
        .map((term) => [term.textContent, term.nextElementSibling?.textContent]),
    );
    expect(stats).toMatchObject({ IOPV: '--', 溢价率: '--' });
  });

  it('gives a gold ETF its IOPV and premium from its own price path and names gold as its holding', async () => {
    const gold = etfQuote('518880.SH', { name: '黄金ETF', price: 9.3, prevClose: 9.21, chg: 0.09 });
    stub({
      'market.realTime': ok([gold]),
      'etf.valuation': ok({
        index: null,
        follows: '518880.SH',
        navDay: 20261119,
        previousNav: 9.2,
        iopv: 9.29,
        premiumRate: 0.001,
      }),
      'etf.holdAll': ok({
        list: [{ code: 'Au99.99', name: '黄金现货合约 Au99.99', holdScale: 100, kind: 'commodity' }],
      }),
      'index.swMap': ok({ sw1Count: 0, sw2Count: 0, sw3Count: 0, sw1: [], sw2: [], sw3: [] }),
    });
    renderPages('/etfDetails?code=518880.SH', pages);
    const hero = await screen.findByRole('region', { name: '实时行情' });
    // 9.2 × 9.3 ÷ 9.21 = 9.290; 9.3 ÷ 9.2899 − 1 = +0.11%.
    await within(hero).findByText('9.290');
    const premium = within(hero).getByText('+0.11%');
    expect(premium.closest('dd')?.previousElementSibling?.textContent).toBe('溢价率');
    const holdings = await screen.findByRole('region', { name: '持仓' });
    const row = (await within(holdings).findByText('黄金现货合约 Au99.99')).closest('tr');
    expect(row?.textContent).toBe('黄金现货合约 Au99.99Au99.99100.00%');
    // Gold has no page of its own to open.
    expect(within(holdings).queryByRole('link')).toBeNull();
    expect(within(holdings).queryByText('暂无持仓数据')).toBeNull();
  });

  it('reads the code from etfCode too', async () => {
    const server = stub();
    renderPages('/etfDetails?etfCode=510300.SH', pages);
    await screen.findByRole('heading', { level: 2, name: '沪深300ETF' });
    expect(server.calls('market.realTime')[0]?.codes).toEqual(['510300.SH']);
  });

  it('shows the ten largest holdings and all of them on 查看全部', async () => {
    stub();
    renderPages('/etfDetails?code=510300.SH', pages);
    const holdings = await screen.findByRole('region', { name: '持仓' });
    const moutai = await within(holdings).findByRole('link', { name: '贵州茅台' });
    expect(moutai.getAttribute('href')).toBe('/stock?stockCode=600519.SH');
    // holdScale is a percent on the wire: 5.67 → 5.67%.
    expect(moutai.closest('tr')?.textContent).toContain('5.67%');
    expect(within(holdings).getAllByRole('row')).toHaveLength(11);
    const more = within(holdings).getByRole('button', { name: '查看全部（15）' });
    fireEvent.click(more);
    expect(within(holdings).getAllByRole('row')).toHaveLength(16);
    expect(within(holdings).getByRole('button', { name: '收起' }).getAttribute('aria-expanded')).toBe('true');
  });

  it('shows the industry split by weight', async () => {
    stub();
    renderPages('/etfDetails?code=510300.SH', pages);
    const industry = await screen.findByRole('region', { name: '行业分布' });
    const list = await within(industry).findByRole('list');
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['银行12.50%', '食品饮料10.25%', '房地产2.50%']);
  });

  it('links feeder funds and similar ETFs with their overlap', async () => {
    stub();
    renderPages('/etfDetails?code=510300.SH', pages);
    const section = await screen.findByRole('region', { name: '联接基金' });
    const feeder = await within(section).findByRole('link', { name: /华泰柏瑞沪深300ETF联接A/ });
    expect(feeder.getAttribute('href')).toBe('/fundDetails?code=460300.OF');
    const similar = within(section).getByRole('link', { name: '嘉实沪深300ETF' });
    expect(similar.getAttribute('href')).toBe('/etfDetails?code=159919.SZ');
    expect(similar.closest('tr')?.textContent).toContain('98.76%');
  });

  it('loads the intraday chart first and the K-line on its tab', async () => {
    const server = stub();
    renderPages('/etfDetails?code=510300.SH', pages);
    const dayKCodes = () => server.calls('market.dayKV2').map((params) => params.code);
    await waitFor(() => expect(server.calls('market.subscribeShare')).toHaveLength(1));
    expect(dayKCodes()).toEqual([]);
    fireEvent.click(screen.getByRole('tab', { name: '日K' }));
    await waitFor(() => expect(dayKCodes()).toEqual(['510300.SH']));
    // The legend reads the last bar at the ETF's three decimals: 收 3.912, 开 3.860.
    const chart = screen.getByRole('region', { name: '走势图' });
    await waitFor(() => expect(chart.textContent).toContain('3.912'));
    expect(chart.textContent).toContain('3.860');
  });

  it('shows section errors with 重新加载', async () => {
    let answer: EndpointAnswer<'etf.holdAll'> = failure();
    stub({ 'etf.holdAll': () => answer });
    renderPages('/etfDetails?code=510300.SH', pages);
    const holdings = await screen.findByRole('region', { name: '持仓' });
    await within(holdings).findByRole('alert');
    answer = ok(holdAllFixture);
    fireEvent.click(within(holdings).getByRole('button', { name: '重新加载' }));
    await within(holdings).findByRole('link', { name: '贵州茅台' });
  });

  it('shows a quote error with 重新加载', async () => {
    let answer: EndpointAnswer<'market.realTime'> = failure();
    stub({ 'market.realTime': () => answer });
    renderPages('/etfDetails?code=510300.SH', pages);
    const hero = await screen.findByRole('region', { name: '实时行情' });
    await within(hero).findByRole('alert');
    answer = ok([etfQuote('510300.SH', {})]);
    fireEvent.click(within(hero).getByRole('button', { name: '重新加载' }));
    await within(hero).findByRole('heading', { name: '沪深300ETF' });
  });
});
