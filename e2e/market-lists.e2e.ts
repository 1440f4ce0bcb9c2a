import { href } from '@zhicai/contract';
import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { usePhoneBrowser } from './support/browser.ts';

/**
 * Lists as a user reads them, against the real server and its demo market (issue 15's defects): the
 * ETF tab's rows all have quotes, an LOF is one search hit, and 行业对比 keeps its names in view.
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

describe('market lists', () => {
  it('shows a price and a change on every row of the ETF tab', async () => {
    const page = await context.newPage();
    await page.goto('/etfHome');
    const table = page.getByRole('table', { name: '涨幅榜' });
    await table.waitFor({ timeout: 15_000 });
    const rows = table.locator('tbody tr');
    expect(await rows.count()).toBe(7);
    for (const text of await rows.allTextContents()) expect(text).not.toContain('--');
    await page.close();
  });

  it('finds an LOF once, and opens its fund page', async () => {
    const page = await context.newPage();
    await page.goto('/search');
    await page.getByLabel('搜索股票、基金、指数').fill('161725');
    const results = page.getByRole('list', { name: '搜索结果' });
    await results.getByText('招商中证白酒指数(LOF)').first().waitFor({ timeout: 15_000 });
    expect(await results.getByText('招商中证白酒指数(LOF)').count()).toBe(1);
    await results.getByText('招商中证白酒指数(LOF)').click();
    await page.waitForURL(/\/fundDetails\?/);
    expect(new URL(page.url()).searchParams.get('code')).toBe('161725.OF');
    await page.close();
  });

  it('keeps the 行业对比 name column in view when the table scrolls sideways', async () => {
    const page = await context.newPage();
    await page.goto(href('stock', { stockCode: '600519.SH' }));
    await heading(page, '贵州茅台');
    const region = page.getByRole('region', { name: '行业对比' });
    await region.scrollIntoViewIfNeeded();
    const current = region.locator('tr[aria-current="true"] th');
    await current.waitFor({ timeout: 15_000 });
    const scroller = region.locator('.table-scroll');
    const before = await current.boundingBox();
    const scrolled = await scroller.evaluate((element) => {
      element.scrollLeft = element.scrollWidth;
      return element.scrollLeft;
    });
    // The table is wider than the phone, so it did scroll; the name stayed at the left edge.
    expect(scrolled).toBeGreaterThan(0);
    const box = await scroller.boundingBox();
    const after = await current.boundingBox();
    expect(after?.x).toBeGreaterThanOrEqual((box?.x ?? 0) - 1);
    expect(after?.x).toBeLessThanOrEqual((before?.x ?? 0) + 1);
    expect(await current.textContent()).toBe('贵州茅台');
    await page.close();
  });
});
