import { tmpdir } from 'node:os';
import { api, href } from '@zhicai/contract';
import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { usePhoneBrowser } from './support/browser.ts';
import { receivedMessages, watchQuoteSockets } from './support/quote-frames.ts';
import {
  type HeaderFigures,
  headerFiguresOf,
  headerShowsLastTick,
  showsTheTick,
  snapshotFigures,
} from './support/quote-header.ts';

/**
 * The market in the browser against the real server, whose market clock runs mid-session
 * (global-setup.ts MARKET_CLOCK_START), so the demo market ticks during the test.
 */
const baseUrl = inject('baseUrl');
const mobile = usePhoneBrowser(baseUrl);
let context: BrowserContext;

beforeAll(async () => {
  context = await mobile.newContext();
});

async function heading(page: Page, name: string) {
  await page.getByRole('heading', { level: 1, name, exact: true }).waitFor({ timeout: 15_000 });
}

describe('market pages', () => {
  it('searches gzmt and lands on 贵州茅台', async () => {
    const page = await context.newPage();
    await page.goto('/search');
    await page
      .getByRole('searchbox', { name: '搜索股票、基金、指数' })
      .or(page.getByLabel('搜索股票、基金、指数'))
      .first()
      .fill('gzmt');
    await page.getByRole('list', { name: '搜索结果' }).getByText('贵州茅台').first().click();
    await heading(page, '贵州茅台');
    expect(new URL(page.url()).searchParams.get('stockCode')).toBe('600519.SH');
    await page.close();
  });

  it('opens a detail page of every instrument kind with its demo badge', async () => {
    const page = await context.newPage();
    for (const [url, name] of [
      ['/stock?stockCode=300750.SZ', '宁德时代'],
      ['/stockHk?stockCode=00700.HK', '腾讯控股'],
      ['/indexStock?stockCode=801080.ZSI', '电子'],
      ['/etfDetails?code=159915.SZ', '创业板ETF'],
      ['/fundDetails?code=161725.OF', '招商中证白酒指数(LOF)'],
    ] as const) {
      await page.goto(url);
      await heading(page, name);
      await page.getByText('演示数据').first().waitFor();
    }
    await page.close();
  });

  it('shows the figures a live tick carries in the stock page header', async () => {
    const code = '600519.SH';
    const page = await context.newPage();
    const sockets = watchQuoteSockets(page);
    // What the page was told before any tick: the realTime answer and the socket's snapshots.
    const answered: HeaderFigures[] = [];
    page.on('response', async (response) => {
      if (new URL(response.url()).pathname !== api.market.realTime.path) return;
      const body = (await response.json()) as { datas: unknown };
      for (const quote of api.market.realTime.datas.parse(body.datas))
        if (quote.code === code) answered.push(headerFiguresOf(quote.price, quote.amount));
    });
    await page.goto(`/stock?stockCode=${code}`);
    await heading(page, '贵州茅台');

    // A tick can leave 茅台's price on the same fen; 成交额 grows with
    // every tick (a tick every 3 s while the session runs). Wait for a tick that changes what the
    // page was told before, then for the page to show exactly what that tick carried.
    await expect
      .poll(
        () => {
          const messages = receivedMessages(sockets);
          const before = [...answered, ...snapshotFigures(messages, code)];
          if (before.length === 0) return 'no realTime answer or snapshot yet';
          return headerShowsLastTick(page, messages, code, before);
        },
        { timeout: 30_000, interval: 200 },
      )
      .toBe(showsTheTick);
    await page.close();
  });

  it('shows 茅台 at the fen with a five-level book around the price and 涨停 to the fen', async () => {
    const page = await context.newPage();
    await page.goto(href('stock', { stockCode: '600519.SH' }));
    await heading(page, '贵州茅台');
    const header = page.getByRole('region', { name: '行情' });
    const book = header.getByRole('table', { name: '五档盘口（单位：手）' });
    await book.waitFor({ timeout: 15_000 });
    const price = await header
      .locator('dt', { hasText: /^最新价$/ })
      .locator('xpath=following-sibling::dd[1]')
      .textContent();
    expect(price).toMatch(/^\d+\.\d{2}$/);
    const limitUp = await header
      .locator('dt', { hasText: /^涨停$/ })
      .locator('xpath=following-sibling::dd[1]')
      .textContent();
    expect(limitUp).toMatch(/^\d+\.\d{2}$/);
    // Five lines of 买 beside 卖, each price at the fen: bids fall, asks rise, every bid below every ask.
    const rows = await book.getByRole('row').allTextContents();
    expect(rows).toHaveLength(5);
    const level = (side: '买' | '卖') =>
      rows
        .map((row) => Number(new RegExp(`${side}[一二三四五](\\d+\\.\\d{2})`).exec(row)?.[1] ?? Number.NaN))
        .filter((value) => Number.isFinite(value));
    const bids = level('买');
    const asks = level('卖');
    expect(bids.length + asks.length).toBeGreaterThan(0);
    for (let i = 1; i < bids.length; i += 1) expect(bids[i]).toBeLessThan(bids[i - 1] ?? 0);
    for (let i = 1; i < asks.length; i += 1) expect(asks[i]).toBeGreaterThan(asks[i - 1] ?? 0);
    if (bids.length > 0 && asks.length > 0) expect(bids[0]).toBeLessThan(asks[0] ?? 0);
    for (const label of ['量比', '委比', '外盘', '内盘', '52周最高', '52周最低', '每股收益', '股息率']) {
      const cell = header.locator('dt', { hasText: new RegExp(`^${label}$`) });
      expect(await cell.count()).toBe(1);
    }
    // For the test output: the header as a user sees it.
    await header.screenshot({ path: `${tmpdir()}/zhicai-quote-header.png` });
    await page.close();
  });

  it('walks next and previous through the saved list, wrapping at both ends', async () => {
    const page = await context.newPage();
    await page.goto('/me');
    await page.evaluate(() =>
      window.sessionStorage.setItem(
        'stockList',
        JSON.stringify([
          { code: '600519.SH', type: 'capital' },
          { code: '000001.SZ', type: 'capital' },
          { code: '00700.HK', type: 'hk' },
        ]),
      ),
    );
    await page.goto('/stockHk?stockCode=00700.HK&i=2');
    await heading(page, '腾讯控股');
    await page.getByRole('button', { name: '下一只' }).click();
    await heading(page, '贵州茅台');
    expect(new URL(page.url()).searchParams.get('i')).toBe('0');
    await page.getByRole('button', { name: '上一只' }).click();
    await heading(page, '腾讯控股');
    await page.getByRole('button', { name: '上一只' }).click();
    await heading(page, '平安银行');
    await page.close();
  });
});
