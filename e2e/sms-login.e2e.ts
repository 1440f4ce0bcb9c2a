import { describe, expect, inject, it } from 'vitest';
import { usePhoneBrowser, watchErrors } from './support/browser.ts';
import { brokerOutbox, latestSmsCode } from './support/outbox.ts';

// The pages of this flow (/bindphone, /me, /meSetting) render once the contract route table marks
// them built: true.
const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');
const mobile = usePhoneBrowser(baseUrl);
/** A 1×1 PNG, checked by content on upload. */
const onePixelPng = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

describe('login in a plain browser (spec 1 §4, issue 3 item 4)', () => {
  it('logs in with an SMS code, shows the user id on /me, and logs out', async () => {
    const context = await mobile.newContext();
    const page = await context.newPage();
    const errors = watchErrors(page);
    const phone = '13800138123';

    await page.goto('/me');
    await page.getByText('未登录').waitFor();
    await page.getByRole('link', { name: '登录', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: '绑定手机号' }).waitFor();
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/me');

    await page.getByLabel('手机号').fill(phone);
    await page.getByRole('button', { name: '获取验证码' }).click();
    await expect.poll(() => page.getByRole('button', { name: /秒后重发/ }).isDisabled()).toBe(true);
    const code = await latestSmsCode(dataDir, phone);
    await page.getByLabel('验证码').fill(code);
    await page.getByRole('button', { name: '登录', exact: true }).click();

    await page.waitForURL((url) => url.pathname === '/me');
    const idText = page.getByText(/^ID：\d+$/);
    await idText.waitFor();
    const userId = Number((await idText.textContent())?.replace('ID：', ''));
    const token = await page.evaluate(() => window.localStorage.getItem('token'));
    expect(token).toBeTruthy();
    expect(await page.getByText('138****8123').count()).toBe(1);

    // spec 1 §7: the home page tells the broker of the signed-in user's home login.
    const kindsFor = async (id: number) =>
      [
        ...new Set((await brokerOutbox(dataDir)).filter((e) => e.thirdUserId === id).map((e) => e.kind)),
      ].sort();
    await page.goto('/');
    // The home page reports it once its lazily loaded code runs, so allow for the page's first load.
    await expect.poll(() => kindsFor(userId), { timeout: 10_000 }).toEqual(['homeLogin']);
    // spec 1 §2 open_HX_creatAccount=creat: the signed-in user lands on /openAccount, which opens an
    // application at the (local) broker and continues on the broker's page.
    await page.goto('/?open_HX_creatAccount=creat');
    await page.waitForURL((url) => url.pathname === '/openAccount');
    await page.getByText('待填写资料').waitFor();
    await page.getByRole('link', { name: '继续开户' }).click();
    await page.getByRole('heading', { name: '券商开户（本地模拟）' }).waitFor();
    expect(await page.getByText(/^开户申请编号：local-\d+-/).count()).toBe(1);
    await expect.poll(() => kindsFor(userId)).toEqual(['accountOpening', 'homeLogin']);

    // 账号信息: a new nickname and an avatar uploaded through oss/sign show on 我的.
    await page.goto('/me');
    await page.getByRole('link', { name: '账号信息' }).click();
    await page.getByRole('heading', { level: 1, name: '账号信息' }).waitFor();
    await page.getByRole('button', { name: /昵称/ }).click();
    await page.getByLabel('昵称').fill('长线投资者');
    await page.getByRole('button', { name: '保存' }).click();
    await page.getByRole('button', { name: /长线投资者/ }).waitFor();
    await page
      .getByLabel('更换头像')
      .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: onePixelPng });
    const avatar = page.getByRole('img', { name: '当前头像' });
    await avatar.waitFor();
    expect(await avatar.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBe(1);
    await page.getByRole('button', { name: /返回/ }).click();
    await page.waitForURL((url) => url.pathname === '/me');
    await page.getByText('长线投资者').waitFor();

    await page.getByRole('link', { name: '设置' }).click();
    await page.getByRole('button', { name: '退出登录' }).click();
    await page.getByRole('button', { name: '确定退出' }).click();
    await page.waitForURL((url) => url.pathname === '/me');
    await page.getByText('未登录').waitFor();
    expect(await page.evaluate(() => window.localStorage.getItem('token'))).toBeNull();
    expect(errors).toEqual([]);
    await context.close();
  });
});
