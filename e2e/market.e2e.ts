import { formatPrice } from '@zhicai/domain';
import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { usePhoneBrowser } from './support/browser.ts';

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

  it('shows live ticks on the stock page', async () => {
    const page = await context.newPage();
    const prices: number[] = [];
    page.on('websocket', (socket) => {
      socket.on('framereceived', ({ payload }) => {
        const message = JSON.parse(String(payload)) as { type: string; rows?: [string, number][] };
        if (message.type !== 'tick') return;
        const row = message.rows?.find(([code]) => code === '600519.SH');
        if (row) prices.push(row[1]);
      });
    });
    await page.goto('/stock?stockCode=600519.SH');
    await heading(page, '贵州茅台');
    // A tick every 3 s while the session runs; the header shows the latest price it brought.
    await expect.poll(() => prices.length, { timeout: 20_000 }).toBeGreaterThan(0);
    await expect
      .poll(async () => (await page.getByRole('region', { name: '行情' }).textContent()) ?? '', {
        timeout: 10_000,
      })
      .toContain(formatPrice(prices.at(-1) ?? 0));
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
