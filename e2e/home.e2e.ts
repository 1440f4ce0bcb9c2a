import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { usePhoneBrowser, watchErrors } from './support/browser.ts';

const baseUrl = inject('baseUrl');
const mobile = usePhoneBrowser(baseUrl);

/** The demo seed of the server (apps/server demo data): title, path and icon slug, in order. */
const seededMenus = [
  ['行业板块', '/industry', 'industry'],
  ['自选股', '/favorite', 'favorite'],
  ['选股器', '/stock-picker', 'stock-picker'],
  ['7×24快讯', '/SevenEleven', 'news'],
  ['研报公告', '/researchAndNotice', 'research'],
  ['财报速览', '/financialReportPreview/600519_SH/20240630', 'report'],
  ['排行榜', '/rankList', 'rank'],
  ['投资课堂', '/CourseList', 'course'],
  ['基金对比', '/fundCompare', 'fund-compare'],
  ['积分商城', '/userIntegralData', 'points'],
] as const;

/** Whether every image in a locator's subtree finished loading with real pixels. */
const imagesLoaded = (page: Page, selector: string) =>
  page
    .locator(selector)
    .evaluate((root) =>
      [...root.querySelectorAll('img')].every((image) => image.complete && image.naturalWidth > 0),
    );

/** A downward finger drag on an element, as touch events (Chromium with touch enabled). */
async function pullDown(page: Page, selector: string, distance: number) {
  await page.locator(selector).evaluate((target, travel) => {
    const touchAt = (y: number) => new Touch({ identifier: 1, target, clientX: 180, clientY: y });
    const fire = (type: string, y: number) =>
      target.dispatchEvent(
        new TouchEvent(type, {
          bubbles: true,
          cancelable: true,
          touches: type === 'touchend' ? [] : [touchAt(y)],
          changedTouches: [touchAt(y)],
        }),
      );
    fire('touchstart', 200);
    fire('touchmove', 200 + travel / 2);
    fire('touchmove', 200 + travel);
    fire('touchend', 200 + travel);
  }, distance);
}

describe('home page against the seeded server', () => {
  it('shows the seeded menus with their icons and links', async () => {
    const context = await mobile.newContext();
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto('/');
    const grid = page.getByRole('navigation', { name: '功能入口' });
    await grid.waitFor();
    const links = grid.getByRole('link');
    await expect.poll(() => links.count()).toBe(seededMenus.length);
    for (const [index, [title, path, slug]] of seededMenus.entries()) {
      const link = links.nth(index);
      expect(await link.locator('.menu-grid__title').textContent()).toBe(title);
      expect(await link.getAttribute('href')).toBe(path);
      expect(await link.locator('img').getAttribute('src')).toBe(`/demo/menu/${slug}.svg`);
    }
    await expect.poll(() => imagesLoaded(page, '.menu-grid')).toBe(true);

    await links.first().click();
    await page.getByRole('heading', { level: 1, name: '行业板块' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/industry');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the seeded activity popup on / and closes it for good', async () => {
    const context = await mobile.newContext({ withPopups: true });
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto('/');
    const popup = page.getByRole('dialog', { name: '活动' });
    await popup.waitFor();
    const image = popup.getByRole('img', { name: '活动详情' });
    expect(await image.getAttribute('src')).toBe('/demo/popup/new-user.svg');
    expect(await image.evaluate((element: HTMLImageElement) => element.naturalWidth > 0)).toBe(true);

    await popup.getByRole('button', { name: '关闭' }).click();
    await popup.waitFor({ state: 'detached', timeout: 2000 });

    await page.reload();
    await page.getByRole('navigation', { name: '功能入口' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(await page.getByRole('dialog', { name: '活动' }).count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('opens the activity from the popup image', async () => {
    const context = await mobile.newContext({ withPopups: true });
    const page = await context.newPage();
    await page.goto('/');
    const popup = page.getByRole('dialog', { name: '活动' });
    await popup.waitFor();
    await popup.getByRole('button', { name: '活动详情' }).click();
    await page.getByRole('heading', { level: 1, name: '新人专享' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/newUserParty');
    await popup.waitFor({ state: 'detached', timeout: 2000 });
    await context.close();
  });

  it('has no popup on the other popup pages of the seed', async () => {
    const context = await mobile.newContext({ withPopups: true });
    const page = await context.newPage();
    await page.goto('/me');
    await page.getByRole('heading', { level: 1, name: '我的' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(await page.getByRole('dialog', { name: '活动' }).count()).toBe(0);
    await context.close();
  });

  it('reloads the menus on pull-to-refresh, and says 网络已断开 when offline', async () => {
    const context = await mobile.newContext();
    const page = await context.newPage();
    let menuRequests = 0;
    page.on('request', (request) => {
      if (request.url().includes('/api/v2/config/getAppMenus')) menuRequests += 1;
    });
    await page.goto('/');
    await page.getByRole('navigation', { name: '功能入口' }).waitFor();
    expect(menuRequests).toBe(1);

    await pullDown(page, '.section >> nth=0', 240);
    await expect.poll(() => menuRequests).toBe(2);
    // Only the pull indicator: a section still loading shows a status (加载中) of its own.
    const indicator = page.locator('.pull-to-refresh__indicator');
    await expect.poll(() => indicator.textContent()).toBe('');

    await context.setOffline(true);
    await pullDown(page, '.section >> nth=0', 240);
    await page.getByText('网络已断开').waitFor();
    expect(menuRequests).toBe(2);
    // The menus already shown stay on screen.
    expect(await page.getByRole('link', { name: '行业板块' }).isVisible()).toBe(true);
    await context.close();
  });

  it('takes the README screenshot of the home page', async () => {
    const context = await mobile.newContext();
    const page = await context.newPage();
    await page.goto('/');
    await page.getByRole('navigation', { name: '功能入口' }).waitFor();
    await expect.poll(() => imagesLoaded(page, '.menu-grid')).toBe(true);
    await page.evaluate(() => document.fonts.ready);
    const docs = fileURLToPath(new URL('../docs/', import.meta.url));
    mkdirSync(docs, { recursive: true });
    const file = `${docs}screenshot-home.png`;
    const png = await page.screenshot({ path: file });
    expect(png.byteLength).toBeGreaterThan(10_000);
    await context.close();
  });
});
