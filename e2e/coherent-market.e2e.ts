import { href } from '@zhicai/contract';
import { limitPrices, priceLimitRatio } from '@zhicai/domain';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { usePhoneBrowser } from './support/browser.ts';

/**
 * Issue 15's pages, read as a user reads them: the figures one screen shows agree with each other
 * and with the market's rules (an index has a day's range and a turnover, no member is over its
 * index's cap, an ETF trades near its IOPV, a fund's 成立来 is what its 累计净值 says, a limit is
 * the exchange's rounding of 昨收). The server's market clock runs mid-session (global-setup.ts).
 */
const baseUrl = inject('baseUrl');
const mobile = usePhoneBrowser(baseUrl);
let context: BrowserContext;

beforeAll(async () => {
  context = await mobile.newContext();
});

/** The number a figure shows (1,837.20 / +1.25% / 3.45亿 → 1837.2 / 1.25 / 3.45); NaN for --. */
function numberOf(text: string): number {
  const cleaned = text.replace(/[,%+亿万元▲▼\s]/g, '');
  return cleaned === '' || cleaned === '--' ? Number.NaN : Number(cleaned);
}

/** The <dd> a term (<dt>) of a region defines, as the page writes it. */
async function definition(scope: Locator, term: string): Promise<string> {
  const text = await scope
    .locator('dt', { hasText: new RegExp(`^${term}`) })
    .first()
    .locator('xpath=following-sibling::dd[1]')
    .textContent();
  return (text ?? '').trim();
}

/**
 * How long a page's first figures may take once its region is drawn: the region shows -- until the
 * quote arrives, and the request for it may wait on lazily loaded chunks, as the region did.
 */
const firstFigures = { timeout: 15_000 };

async function openDetail(page: Page, url: string, region: string): Promise<Locator> {
  await page.goto(url);
  const scope = page.getByRole('region', { name: region }).first();
  await scope.waitFor({ timeout: 15_000 });
  return scope;
}

describe('a market whose numbers agree, page by page', () => {
  it('600519.SH: 涨停 and 跌停 are 昨收 ± 10% rounded to the fen, prices at two decimals', async () => {
    const page = await context.newPage();
    const header = await openDetail(page, href('stock', { stockCode: '600519.SH' }), '行情');
    await expect.poll(() => definition(header, '昨收'), firstFigures).toMatch(/^\d+\.\d{2}$/);
    const prevClose = numberOf(await definition(header, '昨收'));
    const ratio = priceLimitRatio('sh', false, {});
    expect(ratio).toBe(0.1);
    const limits = limitPrices(prevClose, ratio ?? 0.1);
    expect(await definition(header, '涨停')).toBe(limits.up.toFixed(2));
    expect(await definition(header, '跌停')).toBe(limits.down.toFixed(2));
    expect(await definition(header, '最新价')).toMatch(/^\d+\.\d{2}$/);
    await page.close();
  });

  for (const [code, name] of [
    ['000300.SH', '沪深300'],
    ['801080.ZSI', '电子'],
  ] as const) {
    it(`${code}: the index has a day's range and a turnover, and no member weighs over the cap`, async () => {
      const page = await context.newPage();
      const header = await openDetail(page, href('indexStock', { stockCode: code }), '行情');
      await page.getByRole('heading', { level: 1, name, exact: true }).waitFor();
      await expect.poll(() => definition(header, '最高'), firstFigures).toMatch(/^\d/);
      const high = numberOf(await definition(header, '最高'));
      const low = numberOf(await definition(header, '最低'));
      const open = numberOf(await definition(header, '今开'));
      const price = numberOf(await definition(header, '最新价'));
      // Before: 今开 = 最高 = 最低 and 成交额 0 on 沪深300.
      expect(high).toBeGreaterThan(low);
      for (const figure of [open, price]) {
        expect(figure).toBeGreaterThanOrEqual(low);
        expect(figure).toBeLessThanOrEqual(high);
      }
      expect(numberOf(await definition(header, '成交额'))).toBeGreaterThan(0);

      const members = page.getByRole('list', { name: '权重前十成分股' });
      await members.getByRole('button').first().waitFor({ timeout: 15_000 });
      const rows = await members.getByRole('button').allTextContents();
      expect(rows.length).toBeGreaterThan(0);
      const weights = await members.locator('button > span:last-child').allTextContents();
      // The 10% cap holds at each review (June and December); between reviews a member's weight
      // drifts with its price, as a real CSI index's does. The defect was a member at 66%.
      for (const weight of weights) expect(numberOf(weight)).toBeLessThanOrEqual(15);
      await page.close();
    });
  }

  it('510300.SH: IOPV at the ETF tick, 溢价率 shown and small, and it is price ÷ IOPV − 1', async () => {
    const page = await context.newPage();
    const hero = await openDetail(page, href('etfDetails', { code: '510300.SH' }), '实时行情');
    await expect.poll(() => definition(hero, 'IOPV'), firstFigures).toMatch(/^\d+\.\d{3}$/);
    // One read of the rendered hero, so a tick between two reads cannot mix figures.
    const shown = await hero.evaluate((section) => {
      const term = (name: string) =>
        [...section.querySelectorAll('dt')].find((dt) => dt.textContent === name)?.nextElementSibling
          ?.textContent ?? '';
      return {
        price: section.querySelector('.etf-hero__last')?.textContent ?? '',
        iopv: term('IOPV'),
        premium: term('溢价率'),
      };
    });
    expect(shown.price).toMatch(/^\d+\.\d{3}$/);
    const price = numberOf(shown.price);
    const iopv = numberOf(shown.iopv);
    const premium = numberOf(shown.premium);
    expect(Number.isNaN(premium)).toBe(false);
    expect(Math.abs(premium)).toBeLessThan(1);
    // Both figures are shown at 0.001: the premium they imply agrees to a few hundredths of a point.
    expect(Math.abs(premium - (price / iopv - 1) * 100)).toBeLessThan(0.05);
    // The ETF's price is within a few tenths of a percent of its IOPV (沪深300 ÷ 1000).
    expect(iopv).toBeGreaterThan(3);
    expect(iopv).toBeLessThan(6);
    await page.close();
  });

  for (const code of ['005827.OF', '161725.OF']) {
    it(`${code}: 成立来 is the growth 累计净值 shows, every NAV at four decimals`, async () => {
      const page = await context.newPage();
      const hero = await openDetail(page, href('fundDetails', { code }), '基金净值');
      await expect.poll(() => definition(hero, '累计净值'), firstFigures).toMatch(/^\d+\.\d{4}$/);
      const accumulated = numberOf(await definition(hero, '累计净值'));
      expect(await definition(hero, '单位净值')).toMatch(/^\d+\.\d{4}$/);
      const grid = hero.getByRole('list', { name: '阶段收益' });
      const cell = (await grid.locator('li', { hasText: '成立来' }).textContent()) ?? '';
      const shown = numberOf(cell.replace('成立来', ''));
      // Funds start at 1.0000 at inception: 成立来 = 累计净值 − 1 (before: −0.72% beside 3.1524).
      expect(shown).toBeCloseTo((accumulated - 1) * 100, 1);
      await page.close();
    });
  }
});
