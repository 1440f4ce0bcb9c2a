import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { usePhoneBrowser, watchErrors } from './support/browser.ts';

const baseUrl = inject('baseUrl');
const mobile = usePhoneBrowser(baseUrl);
let context: BrowserContext;

beforeAll(async () => {
  context = await mobile.newContext();
});

/** The container of one page instance (keep-alive-outlet renders one per instance key). */
const pageRoot = (page: Page, key: string) => page.locator(`.page[data-page-key="${key}"]`);

/**
 * Marks a page's DOM: a kept instance keeps its nodes (and React state with them); a remounted one
 * renders new nodes without the mark. The spacer makes short pages scrollable.
 */
async function markPage(page: Page, key: string, spacerHeight = 0) {
  await pageRoot(page, key).evaluate((element, height) => {
    element.setAttribute('data-e2e-mark', 'original');
    if (height > 0) {
      const spacer = document.createElement('div');
      spacer.style.height = `${height}px`;
      element.append(spacer);
    }
  }, spacerHeight);
}

const isMarked = (page: Page, key: string) =>
  pageRoot(page, key).evaluate((element) => element.getAttribute('data-e2e-mark') === 'original');

const tab = (page: Page, label: string) =>
  page.getByRole('navigation', { name: '主导航' }).getByRole('link', { name: label, exact: true });

describe('keep-alive (spec 2 §2.3)', () => {
  it('keeps a tab page and its scroll position across a tab switch', async () => {
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto('/');
    await page.getByRole('navigation', { name: '功能入口' }).waitFor();
    // Scroll only once the overview sections have loaded: a section that grows from its skeleton
    // above the scroll position would make the browser's scroll anchoring move the page (to 814 or
    // 935 on a busy machine), which is loading, not keep-alive.
    await expect
      .poll(() => pageRoot(page, '/').locator('section[aria-busy="true"]').count(), { timeout: 15_000 })
      .toBe(0);
    await markPage(page, '/', 2400);
    await page.evaluate(() => window.scrollTo(0, 700));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(700);

    await tab(page, '基金').click();
    await page.getByRole('heading', { level: 1, name: '基金' }).waitFor();
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    expect(await pageRoot(page, '/').isVisible()).toBe(false);

    await tab(page, '股票').click();
    await page.getByRole('heading', { level: 1, name: '知财' }).waitFor();
    expect(await isMarked(page, '/')).toBe(true);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(700);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('keeps an always-cached page when going back from it, and drops it when a push lands on its drop list', async () => {
    const page = await context.newPage();
    await page.goto('/');
    // 研报公告 (/researchAndNotice) is kept always and dropped by a push to / or /favorite.
    await page.getByRole('link', { name: '研报公告' }).click();
    await page.getByRole('heading', { level: 1, name: '研报公告' }).waitFor();
    await markPage(page, '/researchAndNotice');

    await page.goBack();
    await page.getByRole('heading', { level: 1, name: '知财' }).waitFor();
    await page.goForward();
    await page.getByRole('heading', { level: 1, name: '研报公告' }).waitFor();
    expect(await isMarked(page, '/researchAndNotice')).toBe(true);

    // Back on the home page the kept page waits; a push to /favorite (on its drop list) drops it.
    await page.goBack();
    await page.getByRole('heading', { level: 1, name: '知财' }).waitFor();
    expect(await pageRoot(page, '/researchAndNotice').count()).toBe(1);
    await page.getByRole('link', { name: '自选股' }).click();
    await page.getByRole('heading', { level: 1, name: '自选' }).waitFor();
    expect(await pageRoot(page, '/researchAndNotice').count()).toBe(0);
    await page.goBack();
    await page.getByRole('link', { name: '研报公告' }).click();
    await page.getByRole('heading', { level: 1, name: '研报公告' }).waitFor();
    expect(await isMarked(page, '/researchAndNotice')).toBe(false);
    await page.close();
  });

  it('does not keep a page without a cache rule', async () => {
    const page = await context.newPage();
    await page.goto('/');
    // 行业板块 (/industry) has no cache rule: going back and forward mounts it afresh.
    await page.getByRole('link', { name: '行业板块' }).click();
    await page.getByRole('heading', { level: 1, name: '行业板块' }).waitFor();
    await markPage(page, '/industry');
    await page.goBack();
    await page.getByRole('heading', { level: 1, name: '知财' }).waitFor();
    expect(await pageRoot(page, '/industry').count()).toBe(0);
    await page.goForward();
    await page.getByRole('heading', { level: 1, name: '行业板块' }).waitFor();
    expect(await isMarked(page, '/industry')).toBe(false);
    await page.close();
  });
});
