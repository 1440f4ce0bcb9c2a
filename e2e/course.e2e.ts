import { href } from '@zhicai/contract';
import { describe, expect, inject, it } from 'vitest';
import { usePhoneBrowser, watchErrors } from './support/browser.ts';
import { latestSmsCode } from './support/outbox.ts';

const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');
const mobile = usePhoneBrowser(baseUrl);

// 投资课堂 against the real server and its demo courses: log in → 我的 → 投资课堂 → a free course →
// read its first chapter to the end → do its exercise → see the graded results with explanations.
describe('投资课堂', () => {
  it('leads from 我的 to a free course, records reading to the end, and grades the chapter exercise', async () => {
    const context = await mobile.newContext();
    const page = await context.newPage();
    const errors = watchErrors(page);
    const phone = '13800138724';

    await page.goto(href('me'));
    await page.getByRole('link', { name: '登录', exact: true }).click();
    await page.getByLabel('手机号').fill(phone);
    await page.getByRole('button', { name: '获取验证码' }).click();
    await page.getByLabel('验证码').fill(await latestSmsCode(dataDir, phone));
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await page.waitForURL((url) => url.pathname === href('me'));

    await page.getByRole('link', { name: '投资课堂' }).click();
    await page.getByRole('heading', { level: 1, name: '投资课堂' }).waitFor();
    await page.getByRole('link', { name: /A股交易规则入门/ }).click();
    await page.getByRole('heading', { name: 'A股交易规则入门' }).waitFor();
    await page.getByRole('link', { name: '开始学习' }).click();

    await page.getByRole('heading', { name: '交易时间与集合竞价' }).waitFor();
    // Reading to the end of the lesson marks the chapter read.
    await page.getByText('读到这里，本章即记为已读').scrollIntoViewIfNeeded();
    await page.getByText('✓ 本章已读完').waitFor();

    await page.getByRole('link', { name: /去做练习/ }).click();
    await page.getByText('共 3 题，答对 2 题及格。').waitFor();
    await page.getByText('B. 9:20–9:25').click();
    await page.getByText('C. 使成交量最大的价格').click();
    await page.getByText('A. 连续竞价在 9:30 开始').click();
    await page.getByText('D. 收盘价等于当天最后一笔连续竞价的成交价').click();
    await page.getByRole('button', { name: '提交答案' }).click();

    const score = page.getByRole('status', { name: '练习结果' });
    await score.waitFor();
    expect(await score.textContent()).toContain('2/3');
    expect(await score.textContent()).toContain('恭喜，本章练习已及格！');
    expect(await page.getByText('✓ 回答正确').count()).toBe(2);
    expect(await page.getByText('✗ 回答错误').count()).toBe(1);
    await page.getByText('收盘价由 14:57–15:00 的收盘集合竞价产生', { exact: false }).waitFor();
    expect(errors).toEqual([]);
  });
});
