import { href } from '@zhicai/contract';
import { describe, expect, inject, it } from 'vitest';
import { usePhoneBrowser, watchErrors } from './support/browser.ts';

const baseUrl = inject('baseUrl');
const mobile = usePhoneBrowser(baseUrl);

// 设置 → 关于我们 → 版本信息 against the real server and its seeded about text and releases (the
// feature docs/adding-a-feature.md walks through).
describe('about and version', () => {
  it('leads from 设置 to 关于我们 and on to the release notes, with the newest release as the version', async () => {
    const context = await mobile.newContext();
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(href('meSetting'));
    await page.getByRole('link', { name: '关于我们' }).click();
    await page.getByRole('heading', { level: 1, name: '关于我们' }).waitFor();
    await page.getByText('面向个人投资者的证券信息应用', { exact: false }).waitFor();
    expect(await page.getByText('版本 1.3.0').isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: /客服邮箱/ }).getAttribute('href')).toBe(
      'mailto:service@zhicai.example',
    );
    expect(await page.getByRole('region', { name: '风险提示' }).textContent()).toContain('投资有风险');

    await page.getByRole('link', { name: /版本信息/ }).click();
    await page.getByRole('heading', { level: 1, name: '版本信息' }).waitFor();
    const versions = page.getByRole('article');
    await versions.first().waitFor();
    expect(await versions.evaluateAll((list) => list.map((item) => item.getAttribute('aria-label')))).toEqual(
      ['版本 1.3.0', '版本 1.2.0', '版本 1.1.0', '版本 1.0.0'],
    );
    expect(await versions.first().getByText('当前版本').isVisible()).toBe(true);
    expect(errors).toEqual([]);
  });
});
