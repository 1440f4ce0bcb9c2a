import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type EndpointAnswer, failure, ok, stubApi } from '../../../testing/api-stub.ts';
import { renderPages } from '../../../testing/render.tsx';
import { etfQuote } from '../etf-fixtures.ts';
import EtfHomePage from './etf-home-page.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const quotes = [
  etfQuote('510300.SH', { name: '沪深300ETF', chgPct: 0.0161, amount: 2e9 }),
  etfQuote('510050.SH', { name: '上证50ETF', chgPct: -0.0052, amount: 8e8 }),
  etfQuote('159915.SZ', { name: '创业板ETF', chgPct: 0.0321, amount: 1.5e9 }),
  etfQuote('588000.SH', { name: '科创50ETF', chgPct: -0.0123, amount: 3e9 }),
  etfQuote('512880.SH', { name: '证券ETF', chgPct: 0, amount: 1e9 }),
  etfQuote('512480.SH', { name: '半导体ETF', chgPct: 0.005, amount: 5e8 }),
  etfQuote('510500.SH', { name: '中证500ETF', chgPct: 0.015, amount: 4e8 }),
];

const pages = { '/etfHome': <EtfHomePage /> };

function names(table: HTMLElement): string[] {
  return within(table)
    .getAllByRole('link')
    .map((link) => link.textContent ?? '');
}

describe('/etfHome', () => {
  it('ranks ETFs by change with coloured percents, and by amount', async () => {
    stubApi({ 'market.realTime': ok(quotes) });
    renderPages('/etfHome', pages);
    const rise = await screen.findByRole('table', { name: '涨幅榜' });
    await within(rise).findByText(/3\.21%/);
    expect(names(rise).slice(0, 3)).toEqual(['创业板ETF', '沪深300ETF', '中证500ETF']);
    expect(within(rise).getByText(/3\.21%/).textContent).toContain('▲');
    expect(within(rise).getByText(/1\.23%/).textContent).toContain('▼');
    expect(within(rise).getByText(/1\.23%/).dataset.tone).toBe('down');
    expect(within(rise).getByRole('link', { name: '创业板ETF' }).getAttribute('href')).toBe(
      '/etfDetails?code=159915.SZ',
    );
    expect(screen.getByLabelText('涨跌家数').textContent).toBe('涨 4 · 跌 2 · 平 1');

    fireEvent.click(screen.getByRole('tab', { name: '跌幅榜' }));
    expect(names(screen.getByRole('table', { name: '跌幅榜' })).slice(0, 2)).toEqual([
      '科创50ETF',
      '上证50ETF',
    ]);

    fireEvent.click(screen.getByRole('tab', { name: '成交额榜' }));
    const amount = screen.getByRole('table', { name: '成交额榜' });
    expect(names(amount).slice(0, 2)).toEqual(['科创50ETF', '沪深300ETF']);
    expect(within(amount).getAllByRole('row')[1]?.textContent).toContain('30.00亿');
  });

  it('shows an error with 重新加载', async () => {
    let answer: EndpointAnswer<'market.realTime'> = failure();
    stubApi({ 'market.realTime': () => answer });
    renderPages('/etfHome', pages);
    const alert = await screen.findByRole('alert');
    answer = ok(quotes);
    fireEvent.click(within(alert).getByRole('button', { name: '重新加载' }));
    await screen.findByRole('table', { name: '涨幅榜' });
  });
});
