import { href } from '@zhicai/contract';
import { tabs } from '@zhicai/domain';
import type { BrowserContext } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { delayLazyChunks, usePhoneBrowser, watchErrors } from './support/browser.ts';

const baseUrl = inject('baseUrl');
const mobile = usePhoneBrowser(baseUrl);
let context: BrowserContext;

beforeAll(async () => {
  context = await mobile.newContext();
});

describe('tab bar (spec 1 §2)', () => {
  it('shows the six labels in order and each tab opens its path', async () => {
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto('/');
    const bar = page.getByRole('navigation', { name: '主导航' });
    await bar.waitFor();
    await expect
      .poll(() => bar.getByRole('link').allTextContents())
      .toEqual(['股票', '选股', 'ETF', '基金', '自选', '我的']);
    for (const tab of [...tabs].reverse()) {
      await bar.getByRole('link', { name: tab.label, exact: true }).click();
      await expect.poll(() => new URL(page.url()).pathname).toBe(href(tab.route));
      // The bar marks the tab at once, while its page's chunk may still be loading (the next test).
      await expect
        .poll(() => bar.getByRole('link', { name: tab.label, exact: true }).getAttribute('aria-current'), {
          timeout: 10_000,
        })
        .toBe('page');
    }
    expect(errors).toEqual([]);
    await page.close();
  });

  it('marks a tapped tab at once and shows the page loading while its chunk is on the way', async () => {
    // A slow network: every lazily loaded chunk takes 1.5 s.
    const slow = await mobile.newContext();
    await delayLazyChunks(slow, baseUrl, 1500);
    const page = await slow.newPage();
    const errors = watchErrors(page);
    await page.goto('/');
    await page.getByRole('heading', { name: '涨跌分布' }).waitFor({ timeout: 30_000 });
    const bar = page.getByRole('navigation', { name: '主导航' });
    const fundTab = bar.getByRole('link', { name: '基金', exact: true });
    const loading = page.getByRole('progressbar', { name: '页面加载中' });

    await fundTab.click();
    // Before the fund page's chunk has arrived: the tab is current, the home page stays under a
    // loading bar instead of a tap that seems to do nothing.
    expect(await fundTab.getAttribute('aria-current')).toBe('page');
    expect(
      await bar.getByRole('link', { name: '股票', exact: true }).getAttribute('aria-current'),
    ).toBeNull();
    expect(await loading.isVisible()).toBe(true);
    expect(await page.getByRole('heading', { name: '涨跌分布' }).isVisible()).toBe(true);

    await page.getByRole('heading', { level: 1, name: '基金' }).waitFor({ timeout: 30_000 });
    expect(await loading.count()).toBe(0);
    expect(await fundTab.getAttribute('aria-current')).toBe('page');
    expect(errors).toEqual([]);
    await slow.close();
  });

  it('is hidden on a detail route', async () => {
    const page = await context.newPage();
    await page.goto('/stock?stockCode=600519.SH');
    await page.getByRole('heading', { level: 1, name: '贵州茅台' }).waitFor();
    expect(await page.getByRole('navigation', { name: '主导航' }).count()).toBe(0);
    await page.close();
  });

  it('keeps page content clear of the fixed tab bar', async () => {
    const page = await context.newPage();
    await page.goto('/');
    await page.getByRole('heading', { name: '涨跌分布' }).waitFor();
    const padding = await page.locator('.app').evaluate((element) => getComputedStyle(element).paddingBottom);
    const barHeight = await page
      .getByRole('navigation', { name: '主导航' })
      .evaluate((element) => element.clientHeight);
    expect(Number.parseFloat(padding)).toBeGreaterThanOrEqual(barHeight);
    await page.close();
  });
});

describe('unknown paths and aliases', () => {
  it('shows the 404 page for a path the route table does not know', async () => {
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto('/this-page-does-not-exist');
    await page.getByRole('heading', { level: 1, name: '页面不存在' }).waitFor();
    await page.getByRole('link', { name: '回到首页' }).click();
    await page.getByRole('heading', { level: 1, name: '知财' }).waitFor();
    expect(errors).toEqual([]);
    await page.close();
  });

  it('resolves the alternative spellings of spec 1 §2', async () => {
    const page = await context.newPage();
    // url → [the page's heading (a detail page names its instrument), the route title]
    const aliases = {
      '/stockHK?stockCode=00700.HK': ['腾讯控股', '港股详情'],
      '/etfDetail?code=510300.SH': ['沪深300ETF', 'ETF详情'],
      '/liveStream': ['直播', '直播'],
      '/pdf-List': ['文档列表', '文档列表'],
    };
    for (const [url, [heading, title]] of Object.entries(aliases)) {
      await page.goto(url);
      await page.getByRole('heading', { level: 1, name: heading, exact: true }).waitFor();
      expect(await page.title()).toBe(`${title} - 知财`);
    }
    await page.close();
  });

  it('serves the injected runtime config and names the brand from it', async () => {
    const page = await context.newPage();
    await page.goto('/');
    const runtime = await page.evaluate(
      () => (window as { __ZHICAI_RUNTIME__?: unknown }).__ZHICAI_RUNTIME__,
    );
    expect(runtime).toMatchObject({ brandMode: 'zhicai' });
    expect(await page.title()).toBe('知财');
    await page.close();
  });
});
