import { href } from '@zhicai/contract';
import { describe, expect, inject, it } from 'vitest';
import { usePhoneBrowser, watchErrors } from './support/browser.ts';
import { latestSmsCode } from './support/outbox.ts';

const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');
const mobile = usePhoneBrowser(baseUrl);

/** The Beijing calendar date `days` from now, as the pages show a membership's end. */
function beijingDateIn(days: number): string {
  return new Date(Date.now() + days * 86_400_000 + 8 * 3600_000).toISOString().slice(0, 10);
}

// 会员 in a phone browser: log in, 我的 → 会员中心 → 会员价格, choose 季度会员 with the 新人券, pay
// through the local cashier (which notifies the server as WeChat Pay would), see the new expiry on
// 支付成功, and the paid order in 我的订单.
describe('buying a membership', () => {
  it('pays a membership through the local cashier and lists the paid order', async () => {
    const context = await mobile.newContext();
    const page = await context.newPage();
    const errors = watchErrors(page);
    const phone = '13800138722';

    await page.goto(href('me'));
    await page.getByRole('link', { name: '登录', exact: true }).click();
    await page.getByLabel('手机号').fill(phone);
    await page.getByRole('button', { name: '获取验证码' }).click();
    await page.getByLabel('验证码').fill(await latestSmsCode(dataDir, phone));
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await page.waitForURL((url) => url.pathname === href('me'));

    await page.getByRole('link', { name: '会员中心' }).click();
    await page.getByText('您还不是会员').waitFor();
    await page.getByRole('link', { name: '立即开通' }).click();
    await page.getByRole('heading', { level: 1, name: '会员价格' }).waitFor();
    await page.getByRole('button', { name: '季度会员 ¥68.00' }).click();
    // The 新人券 (¥10 off) is granted on this first visit and applied as the best offer.
    await page.getByText('-¥10.00').waitFor();
    expect(await page.locator('.member-paybar__total').textContent()).toBe('¥58.00');
    await page.getByRole('button', { name: '立即开通' }).click();

    await page.getByRole('heading', { level: 1, name: '开通会员' }).waitFor();
    await page.getByText('新人专享券 -¥10.00').waitFor();
    await page.getByRole('button', { name: '确认支付 ¥58.00' }).click();

    // The local stand-in for WeChat Pay's cashier.
    await page.getByRole('heading', { level: 1, name: '微信支付（本地模拟）' }).waitFor();
    expect(await page.getByText('¥58.00').isVisible()).toBe(true);
    await page.getByRole('button', { name: '确认支付' }).click();

    await page.waitForURL((url) => url.pathname === href('paySuccess'));
    await page.getByText('季度会员开通成功').waitFor();
    await page.getByText(`会员有效期至 ${beijingDateIn(90)}`).waitFor();

    await page.getByRole('link', { name: '查看订单' }).click();
    await page.getByRole('heading', { level: 1, name: '我的订单' }).waitFor();
    const order = page.getByRole('listitem', { name: /^订单 ZC/ });
    await order.getByText('已支付').waitFor();
    expect(await order.count()).toBe(1);
    expect(await order.getByText('实付 ¥58.00 · 优惠券 -¥10.00', { exact: false }).isVisible()).toBe(true);
    expect(errors).toEqual([]);
  });
});
