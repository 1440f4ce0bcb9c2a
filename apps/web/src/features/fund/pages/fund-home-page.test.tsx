import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type EndpointAnswer, failure, ok, stubApi } from '../../../testing/api-stub.ts';
import { renderPages } from '../../../testing/render.tsx';
import { rankFixture, rankNamesFixture } from '../fund-fixtures.ts';
import FundHomePage from './fund-home-page.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const pages = { '/fundHome': <FundHomePage /> };

describe('/fundHome', () => {
  it('shows one tab per fund ranking and the first ranking with coloured returns', async () => {
    const server = stubApi({
      'market.getRankNames': ok(rankNamesFixture),
      'market.getRank': (params) => ok(rankFixture(params.id)),
    });
    renderPages('/fundHome', pages);
    const tabs = await screen.findAllByRole('tab');
    expect(tabs.map((tab) => tab.textContent)).toEqual(['近1年收益', '规模榜']);
    expect(tabs[0]?.getAttribute('aria-selected')).toBe('true');
    expect(server.calls('market.getRankNames')[0]?.kind).toBe('fund');
    const table = await screen.findByRole('table', { name: '近1年收益' });
    const lof = within(table).getByRole('link', { name: '招商中证白酒指数(LOF)' });
    expect(lof.getAttribute('href')).toBe('/fundDetails?code=161725.OF&type=fund_lof');
    expect(within(table).getByRole('link', { name: '沪深300ETF' }).getAttribute('href')).toBe(
      '/etfDetails?code=510300.SH',
    );
    const rows = within(table).getAllByRole('row');
    expect(rows[1]?.textContent).toMatch(/▲.*45\.67%/);
    expect(rows[2]?.textContent).toMatch(/▼.*1\.23%/);
    expect(screen.getByRole('link', { name: '查看完整榜单' }).getAttribute('href')).toBe(
      '/rankList_content?type=fund_y1&name=%E8%BF%911%E5%B9%B4%E6%94%B6%E7%9B%8A',
    );
  });

  it('switches ranking by tab and formats non-percent figures in 亿', async () => {
    const server = stubApi({
      'market.getRankNames': ok(rankNamesFixture),
      'market.getRank': (params) => ok(rankFixture(params.id)),
    });
    renderPages('/fundHome', pages);
    fireEvent.click(await screen.findByRole('tab', { name: '规模榜' }));
    const table = await screen.findByRole('table', { name: '规模榜' });
    expect(within(table).getAllByRole('row')[1]?.textContent).toContain('412.0亿');
    await waitFor(() =>
      expect(server.calls('market.getRank').map((params) => params.id)).toEqual(['fund_y1', 'fund_size']),
    );
  });

  it('has entry cards to the ranking lists', async () => {
    stubApi({
      'market.getRankNames': ok(rankNamesFixture),
      'market.getRank': (params) => ok(rankFixture(params.id)),
    });
    renderPages('/fundHome', pages);
    const entries = screen.getByRole('navigation', { name: '基金工具' });
    expect(
      within(entries)
        .getByRole('link', { name: /基金排行/ })
        .getAttribute('href'),
    ).toBe('/rankList?kind=fund');
    expect(
      within(entries)
        .getByRole('link', { name: /基金筛选/ })
        .getAttribute('href'),
    ).toBe('/chooseFund');
  });

  it('shows an error with 重新加载 when the rankings cannot be loaded', async () => {
    let answer: EndpointAnswer<'market.getRankNames'> = failure();
    stubApi({
      'market.getRankNames': () => answer,
      'market.getRank': (params) => ok(rankFixture(params.id)),
    });
    renderPages('/fundHome', pages);
    const alert = await screen.findByRole('alert');
    answer = ok(rankNamesFixture);
    fireEvent.click(within(alert).getByRole('button', { name: '重新加载' }));
    await screen.findByRole('table', { name: '近1年收益' });
  });
});
