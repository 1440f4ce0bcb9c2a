import { href } from '@zhicai/contract';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { usePhoneBrowser, watchErrors } from './support/browser.ts';

const baseUrl = inject('baseUrl');
const mobile = usePhoneBrowser(baseUrl);

/** The 市盈率 of a stock page's quote header, as shown. */
async function detailPe(page: Page): Promise<string> {
  const value = page
    .getByRole('region', { name: '行情' })
    .locator('dt', { hasText: /^市盈率$/ })
    .locator('xpath=following-sibling::dd[1]');
  return ((await value.textContent()) ?? '').trim();
}

/** The 市盈率 of the first stock in the comparison table, as shown (without the 最优 mark). */
async function comparedPe(page: Page): Promise<string> {
  const row = page.getByRole('table', { name: '个股对比' }).getByRole('row').filter({ hasText: '市盈率' });
  const text = (await row.locator('td').first().textContent()) ?? '';
  return text.replace('（最优）', '').trim();
}

// Spec 2 §2.2 "Comparison and tools" against the real server and its demo market: a stock's page
// → 对比 → a second stock from search → the comparison; and the 定投计算器 from a fund's page.
describe('comparison and tools', () => {
  it('compares 贵州茅台 with 五粮液 from its page, its PE as on the page', async () => {
    const context = await mobile.newContext();
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(href('stock', { stockCode: '600519.SH' }));
    await page
      .getByRole('region', { name: '行业对比' })
      .getByRole('link', { name: '对比', exact: true })
      .click();
    await page.getByRole('heading', { level: 1, name: '对比搜索' }).waitFor();
    await page.getByRole('list', { name: '已选品种' }).getByText('贵州茅台').waitFor();
    await page.getByRole('searchbox', { name: '搜索股票' }).fill('000858');
    await page.getByRole('button', { name: '添加五粮液' }).click();
    await page.getByRole('button', { name: '开始对比' }).click();

    const table = page.getByRole('table', { name: '个股对比' });
    await table.waitFor();
    const heads = await table.getByRole('columnheader').allTextContents();
    expect(heads.join(' ')).toContain('贵州茅台');
    expect(heads.join(' ')).toContain('五粮液');

    // The stock's own page in a second tab: both follow the same live quote, so read side by side
    // the two show one PE (a tick may land between two reads, hence the poll).
    const detail = await context.newPage();
    await detail.goto(href('stock', { stockCode: '600519.SH' }));
    await expect
      .poll(
        async () => {
          const [shown, compared] = await Promise.all([detailPe(detail), comparedPe(page)]);
          return shown !== '--' && shown !== '' && shown === compared;
        },
        { timeout: 15_000 },
      )
      .toBe(true);
    expect(errors).toEqual([]);
  });

  it('runs the 定投计算器 of a fund from its page on the fund NAVs', async () => {
    const context = await mobile.newContext();
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(href('fundDetails', { code: '005827.OF' }));
    await page.getByRole('link', { name: '定投计算器' }).click();
    await page.getByRole('heading', { level: 1, name: '定投计算器' }).waitFor();
    await page.getByRole('region', { name: '定投设置' }).getByText('易方达蓝筹精选混合').waitFor();
    await page.getByLabel('每期金额（元）').fill('500');
    await page.getByRole('button', { name: '每月' }).click();
    await page.getByRole('button', { name: '开始计算' }).click();
    const result = page.getByRole('region', { name: '定投收益' });
    const figures = result.locator('dl[aria-label="定投结果"]');
    await figures.waitFor();
    const text = (await figures.textContent()) ?? '';
    // A year of monthly purchases of 500 元 up to the newest NAV, both ends included: 12 or 13 of
    // them (13 when the start day's month-day falls on a NAV day a year on), 500 元 each.
    const periods = Number(/定投期数(\d+)期/.exec(text)?.[1]);
    expect([12, 13]).toContain(periods);
    expect(text).toContain(`投入本金${periods * 500}元`);
    expect(await result.getByRole('img', { name: /投入与市值/ }).isVisible()).toBe(true);
    expect(errors).toEqual([]);
  });
});
