import { describe, inject, it } from 'vitest';
import { usePhoneBrowser } from './support/browser.ts';

const baseUrl = inject('baseUrl');
const mobile = usePhoneBrowser(baseUrl);

describe('shots', () => {
  it('takes', async () => {
    const context = await mobile.newContext();
    const page = await context.newPage();
    for (const [name, url, wait] of [
      ['search', '/SearchIndustry', '行业列表'],
      ['detail', '/IndustryDetail?code=801080.ZSI', '成分股'],
      ['analysis', '/IndustryAnalysis?code=801080.ZSI', '估值'],
      ['tuyere', '/tuyereMore', '风口板块'],
      ['groups', '/IndustryGroup', '科技'],
      ['segments', '/segments?tab=region', '地域板块排行'],
      ['industry', '/industry', '行业板块排行'],
    ] as const) {
      await page.goto(url);
      await page.getByLabel(wait).first().waitFor({ timeout: 20_000 });
      await page.waitForTimeout(800);
      await page.screenshot({ path: `/tmp/shot-${name}.png`, fullPage: name !== 'detail' });
    }
    await context.close();
  }, 120_000);
});
