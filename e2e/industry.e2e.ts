import { href } from '@zhicai/contract';
import { describe, expect, inject, it } from 'vitest';
import { usePhoneBrowser, watchErrors } from './support/browser.ts';

const baseUrl = inject('baseUrl');
const mobile = usePhoneBrowser(baseUrl);

/** What a definition (<dt> term → <dd>) of a region shows. */
const definitionIn = (region: string, term: string) =>
  `section[aria-label="${region}"] dt:text-is("${term}") + dd`;

// 找行业 → an industry → its detail shows the change the list showed → 行业分析, against the real
// server on a market that trades while the test runs (global-setup.ts).
describe('industry', () => {
  it('opens an industry from 找行业 with the same change, then its analysis', async () => {
    const context = await mobile.newContext();
    const page = await context.newPage();
    const errors = watchErrors(page);
    await page.goto(href('SearchIndustry'));
    await page.getByRole('heading', { level: 1, name: '找行业' }).waitFor();
    const grid = page.getByRole('list', { name: '行业列表' });
    await grid.waitFor({ timeout: 15_000 });
    expect(await grid.getByRole('link').count()).toBe(31);
    const tile = grid.getByRole('link').first();
    const link = (await tile.getAttribute('href')) ?? '';
    const name = (await tile.locator('.industry-tile__name').textContent()) ?? '';
    expect(link).toMatch(/^\/IndustryDetail\?code=\d{6}\.ZSI$/);

    await tile.click();
    await page.getByRole('heading', { level: 1, name }).waitFor();
    const headerChange = page.locator(definitionIn('行情', '涨跌幅'));
    await headerChange.waitFor({ timeout: 15_000 });
    // 找行业 stays kept behind the detail and follows the same live index quote: once a tick has
    // reached both, the two show the same change.
    const listChange = page.locator(`.industry-grid a[href="${link}"] .industry-tile__change`);
    expect(await listChange.count()).toBe(1);
    await expect
      .poll(async () => (await headerChange.textContent()) === (await listChange.textContent()), {
        timeout: 15_000,
      })
      .toBe(true);
    expect(await headerChange.textContent()).toMatch(/^(▲\+|▼-)?\d+\.\d{2}%$/);
    await page.getByRole('table', { name: '成分股' }).waitFor();

    await page.getByRole('link', { name: '行业分析' }).click();
    await page.getByRole('heading', { level: 1, name: `${name} · 行业分析` }).waitFor();
    const pe = page.locator(definitionIn('估值', '市盈率 PE'));
    await pe.waitFor({ timeout: 15_000 });
    expect(await pe.textContent()).toMatch(/^\d+\.\d{2}$|^--$/);
    expect(await page.locator(definitionIn('今日概况', '占两市成交')).textContent()).toMatch(/%$/);
    expect(errors).toEqual([]);
    await context.close();
  });
});
