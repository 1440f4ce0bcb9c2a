import { href } from '@zhicai/contract';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { usePhoneBrowser, watchErrors } from './support/browser.ts';

const baseUrl = inject('baseUrl');
const mobile = usePhoneBrowser(baseUrl);

/** The strong (total) net inflow a page shows, as written (▲+5.23亿). */
async function totalShown(page: Page, selector: string): Promise<string> {
  const figure = page.locator(`${selector} [data-tone]`).first();
  await figure.waitFor({ timeout: 15_000 });
  return ((await figure.textContent()) ?? '').trim();
}

// 首页 北向资金 → /northDates: today's figure is the home page's; then 新股日历 → a stock. The server's
// market clock runs mid-session (global-setup.ts), so the flows move every tick (3 s): the two pages
// are reloaded together until both answered within one tick.
describe('沪深港通 and 新股日历', () => {
  it("shows the home page's 北向 net inflow on /northDates, and opens a new listing's stock page", async () => {
    const context = await mobile.newContext();
    const home = await context.newPage();
    const errors = watchErrors(home);
    await home.goto(href('home'));
    const section = home.getByRole('region', { name: '北向资金' });
    await section.waitFor();
    await section.getByRole('link', { name: '北向详情' }).click();
    await home.getByRole('heading', { level: 1, name: '北向资金' }).waitFor();
    const today = home.getByRole('region', { name: '今日净流入' });
    await today.getByRole('img').waitFor({ timeout: 15_000 });
    expect(await home.getByRole('region', { name: '历史净流入' }).getByRole('row').count()).toBe(31);

    const north = home;
    const summary = await context.newPage();
    await expect
      .poll(
        async () => {
          await Promise.all([north.reload(), summary.goto(href('home'))]);
          const [flowText, homeText] = await Promise.all([
            totalShown(north, '.connect-today__item--strong'),
            totalShown(summary, '.north-flow__item--strong'),
          ]);
          return flowText !== '' && flowText === homeText;
        },
        { timeout: 25_000, interval: 500 },
      )
      .toBe(true);
    await summary.close();

    await north.goto(href('newDateStock'));
    await north.getByRole('heading', { level: 1, name: '新股日历' }).waitFor();
    const listed = north.getByRole('region', { name: '已上市' });
    const first = listed.getByRole('link').first();
    await first.waitFor({ timeout: 15_000 });
    const code = ((await first.locator('small').textContent()) ?? '').trim();
    await first.click();
    await north.waitForURL((url) => url.pathname === '/stock' && url.searchParams.get('stockCode') === code);
    await north.getByRole('region', { name: '行情' }).first().waitFor({ timeout: 15_000 });
    expect(errors).toEqual([]);
    await context.close();
  });
});
