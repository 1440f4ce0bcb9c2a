import type { Locator, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { usePhoneBrowser, watchErrors } from './support/browser.ts';
import { latestSmsCode } from './support/outbox.ts';

// Issue 16 "Done when", the watchlist part (the alert steps belong to the alert pages): a user signs
// in from the 自选 tab, adds 600519.SH from its page and 00700.HK from search into a new group,
// reorders, pins, remarks and moves, imports from pasted text, and walks previous/next through the
// watchlist from its list.
const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');
const mobile = usePhoneBrowser(baseUrl);

/** The list's rows top to bottom, as their labels read (贵州茅台 600519.SH). */
async function rowLabels(page: Page): Promise<{ name: string; code: string }[]> {
  const list = page.getByRole('list', { name: '自选列表' });
  await list.waitFor();
  const labels = await list
    .getByRole('button', { name: /\.(SH|SZ|HK)$/ })
    .evaluateAll((buttons) => buttons.map((button) => button.getAttribute('aria-label') ?? ''));
  return labels.map((label) => {
    const [name = label, code = label] = label.split(' ');
    return { name, code };
  });
}

/** The codes of the list's rows, top to bottom. */
async function rowCodes(page: Page): Promise<string[]> {
  return (await rowLabels(page)).map((row) => row.code);
}

function row(page: Page, code: string): Locator {
  return page
    .getByRole('list', { name: '自选列表' })
    .getByRole('button', { name: new RegExp(`${code.replace('.', '\\.')}$`) });
}

/** The long-press menu of a row (a right click is what a long press on Android fires). */
async function menu(page: Page, code: string, action: string): Promise<void> {
  await row(page, code).click({ button: 'right' });
  await page.getByRole('option', { name: action, exact: true }).click();
}

describe('the watchlist in a phone browser (issue 16 items 7–9)', () => {
  it('adds, groups, orders, pins, remarks, moves, imports, and walks the list from a detail page', async () => {
    const context = await mobile.newContext();
    const page = await context.newPage();
    const errors = watchErrors(page);
    const phone = '13800138616';

    // Signed out, the tab asks for a login and comes back to itself.
    await page.goto('/favorite');
    await page.getByText('登录后查看自选').waitFor();
    await page.getByRole('link', { name: '登录', exact: true }).click();
    await page.getByLabel('手机号').fill(phone);
    await page.getByRole('button', { name: '获取验证码' }).click();
    await page.getByLabel('验证码').fill(await latestSmsCode(dataDir, phone));
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/favorite');
    await page.getByText('还没有自选').waitFor();

    // 600519.SH from its own page.
    await page.goto('/stock?stockCode=600519.SH');
    await page.getByRole('button', { name: /^加自选：/ }).click();
    await page.getByRole('button', { name: /^已自选：/ }).waitFor();

    // 00700.HK from search, then into a new group from the picker.
    await page.goto('/search');
    await page.getByRole('searchbox', { name: '搜索股票、基金、指数' }).fill('00700');
    const results = page.getByRole('list', { name: '搜索结果' });
    await results.getByRole('button', { name: '加自选：腾讯控股' }).click();
    await results.getByRole('button', { name: '已自选：腾讯控股' }).click();
    const sheet = page.getByRole('dialog', { name: '选择分组' });
    await sheet.getByRole('textbox', { name: '新分组名称' }).fill('港股精选');
    await sheet.getByRole('button', { name: '新建分组' }).click();
    await expect.poll(() => sheet.getByRole('checkbox', { name: /港股精选/ }).isChecked()).toBe(true);
    await sheet.getByRole('button', { name: '完成' }).click();
    await sheet.waitFor({ state: 'hidden' });

    // The newest comes first.
    await page.goto('/favorite');
    await expect.poll(() => rowCodes(page)).toEqual(['00700.HK', '600519.SH']);
    await page.getByRole('tab', { name: '港股精选' }).click();
    await expect.poll(() => rowCodes(page)).toEqual(['00700.HK']);
    await page.getByRole('tab', { name: '全部' }).click();

    // Reorder on /sort: 600519.SH to the top.
    await page.getByRole('link', { name: '排序' }).click();
    await page.getByRole('button', { name: '置顶贵州茅台' }).click();
    await page.getByRole('button', { name: '保存' }).click();
    await page.waitForURL((url) => url.pathname === '/favorite');
    await expect.poll(() => rowCodes(page)).toEqual(['600519.SH', '00700.HK']);

    // Pin 00700.HK: pinned rows come first.
    await menu(page, '00700.HK', '置顶');
    await expect.poll(() => rowCodes(page)).toEqual(['00700.HK', '600519.SH']);
    expect(await row(page, '00700.HK').textContent()).toContain('顶');

    // A remark shows under the name.
    await menu(page, '600519.SH', '备注');
    await page.getByRole('textbox', { name: '备注' }).fill('长线');
    await page.getByRole('button', { name: '保存' }).click();
    await expect.poll(() => row(page, '600519.SH').textContent()).toContain('长线');

    // Move (from 全部: file into) 港股精选.
    await menu(page, '600519.SH', '移动分组');
    await page
      .getByRole('dialog', { name: /移动 1 只到分组/ })
      .getByRole('button', { name: /港股精选/ })
      .click();
    await page.getByRole('tab', { name: '港股精选' }).click();
    await expect.poll(async () => (await rowCodes(page)).sort()).toEqual(['00700.HK', '600519.SH']);
    await page.getByRole('tab', { name: '全部' }).click();

    // Import from pasted text: two new, one already followed.
    await page.getByRole('link', { name: '导入' }).click();
    await page.getByRole('button', { name: '粘贴导入' }).click();
    await page.getByRole('textbox').fill('000001.SZ\n贵州茅台\n五粮液');
    await page.getByRole('button', { name: '识别' }).click();
    await page.getByRole('region', { name: '识别结果' }).getByText('已自选').waitFor();
    await page.getByRole('button', { name: '下一步：添加 2 只' }).click();
    await page.waitForURL((url) => url.pathname === '/selectAdd');
    // The URL changes before the lazy page has drawn, and '下一步：添加 2 只' still on screen
    // contains this name: only the exact one is the new page's.
    await page.getByRole('button', { name: '添加 2 只', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/favorite');
    await expect.poll(async () => (await rowCodes(page)).length).toBe(4);
    const order = await rowCodes(page);
    expect(order[0]).toBe('00700.HK');
    expect(order.slice(1).sort()).toEqual(['000001.SZ', '000858.SZ', '600519.SH']);

    // Previous/next walk the list as shown, wrapping at the ends. The URL changes before a lazily
    // loaded detail page draws, and until then the previous page's 上一只/下一只 would take a tap:
    // each step waits for the heading of the stock its position names.
    const nameOfCode = new Map((await rowLabels(page)).map((row) => [row.code, row.name]));
    const detailShown = async (index: number) => {
      await page.waitForURL((url) => url.searchParams.get('i') === String(index));
      const code = order[index] as string;
      expect(new URL(page.url()).searchParams.get('stockCode')).toBe(code);
      await page.getByRole('heading', { level: 1, name: nameOfCode.get(code), exact: true }).waitFor();
    };
    await row(page, order[1] as string).click();
    await detailShown(1);
    await page.getByRole('button', { name: '下一只' }).click();
    await detailShown(2);
    await page.getByRole('button', { name: '上一只' }).click();
    await detailShown(1);
    await page.getByRole('button', { name: '上一只' }).click();
    await detailShown(0);
    await page.getByRole('button', { name: '上一只' }).click();
    await detailShown(3);

    expect(errors).toEqual([]);
    await context.close();
  });
});
