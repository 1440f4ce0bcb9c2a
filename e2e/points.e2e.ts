import { href } from '@zhicai/contract';
import { describe, expect, inject, it } from 'vitest';
import { usePhoneBrowser, watchErrors } from './support/browser.ts';
import { latestSmsCode } from './support/outbox.ts';

// 积分: a user signs in from 签到领积分, checks in and sees the balance grow, opens 积分商城,
// exchanges a good to a delivery address and finds it in 我的兑换, against the real server.
const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');
const mobile = usePhoneBrowser(baseUrl);

describe('points: check-in and the points shop', () => {
  it('checks in, then exchanges a good with an address and lists it in 我的兑换', async () => {
    const context = await mobile.newContext();
    const page = await context.newPage();
    const errors = watchErrors(page);
    const phone = '13800138723';

    await page.goto(href('userIntegralPop'));
    await page.getByText('登录后签到领积分').waitFor();
    await page.getByRole('link', { name: '登录', exact: true }).click();
    await page.getByLabel('手机号').fill(phone);
    await page.getByRole('button', { name: '获取验证码' }).click();
    await page.getByLabel('验证码').fill(await latestSmsCode(dataDir, phone));
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await page.waitForURL((url) => url.pathname === href('userIntegralPop'));

    // The bound phone is a new-user task already done: its 50 points are there before the check-in.
    const balance = page.getByTestId('points-balance');
    await expect.poll(() => balance.textContent()).toBe('50');
    await page.getByRole('button', { name: '签到 +5' }).click();
    await page.getByRole('button', { name: '今日已签到' }).waitFor();
    // Day 1 of the streak (5) and the 首次签到 task (10).
    await expect.poll(() => balance.textContent()).toBe('65');

    await page.getByRole('link', { name: '积分商城 ›' }).click();
    await page.getByRole('heading', { level: 1, name: '积分商城' }).waitFor();
    await page.getByRole('button', { name: '知财金属书签：立即兑换' }).click();
    const sheet = page.getByRole('dialog', { name: '确认兑换' });
    await sheet.getByLabel('收货人').fill('张三');
    await sheet.getByLabel('手机号').fill('13912345678');
    await sheet.getByLabel('所在地区').fill('上海市 浦东新区');
    await sheet.getByLabel('详细地址').fill('世纪大道 100 号 8 楼');
    await sheet.getByRole('button', { name: '确认兑换（60 积分）' }).click();

    const exchanges = page.getByRole('list', { name: '我的兑换' });
    await exchanges.waitFor();
    expect(await exchanges.getByText('知财金属书签').isVisible()).toBe(true);
    expect(await exchanges.getByText('待发货').isVisible()).toBe(true);
    expect(
      await exchanges.getByText('张三 139****5678 上海市 浦东新区 世纪大道 100 号 8 楼').isVisible(),
    ).toBe(true);

    await page.getByRole('button', { name: '积分明细' }).click();
    const ledger = page.getByRole('list', { name: '积分明细' });
    await ledger.getByText('兑换 知财金属书签').waitFor();
    expect(await ledger.getByText('-60').isVisible()).toBe(true);
    expect(await page.getByRole('region', { name: '积分余额' }).textContent()).toContain('5');
    expect(errors).toEqual([]);
  });
});
