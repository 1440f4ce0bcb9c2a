import { describe, expect, inject, it } from 'vitest';
import { usePhoneBrowser } from './support/browser.ts';

const baseUrl = inject('baseUrl');
const mobile = usePhoneBrowser(baseUrl);

const wechatUserAgent =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.48(0x18003030) NetType/WIFI Language/zh_CN';

describe('login inside WeChat (spec 1 §4)', () => {
  it('goes through the consent page and comes back logged in with the userText toast', async () => {
    const context = await mobile.newContext({ userAgent: wechatUserAgent });
    const page = await context.newPage();
    await page.goto('/fundHome');
    await page.waitForURL((url) => url.pathname === '/dev/wechat/authorize');
    const authorize = new URL(page.url());
    expect(authorize.searchParams.get('scope')).toBe('snsapi_userinfo');
    expect(authorize.searchParams.get('state')).toBe('auth');
    expect(authorize.searchParams.get('response_type')).toBe('code');
    expect(new URL(authorize.searchParams.get('redirect_uri') ?? '').pathname).toBe('/fundHome');

    await page.getByRole('button', { name: '允许' }).click();
    await page.waitForURL((url) => url.pathname === '/fundHome');
    // Errors count from the return to the app: the consent page (the server's stand-in for WeChat)
    // has no favicon, and Chromium reports that 404 late.
    const errors: string[] = [];
    page.on('response', (response) => {
      if (response.status() >= 400 && new URL(response.url()).pathname !== '/favicon.ico')
        errors.push(`${response.status()} ${response.url()}`);
    });
    page.on('pageerror', (error) => errors.push(error.message));
    // The code is exchanged by startup code that loads after the entry chunks, so give it a first load.
    await expect
      .poll(() => page.evaluate(() => window.localStorage.getItem('token')), { timeout: 10_000 })
      .toBeTruthy();
    // The used code leaves the address bar.
    await expect.poll(() => new URL(page.url()).searchParams.has('code')).toBe(false);
    await page.getByText('欢迎加入知财').waitFor({ timeout: 5000 });
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('offline (spec 1 §8)', () => {
  it('shows 网络已断开 within 1 s of going offline', async () => {
    const context = await mobile.newContext();
    const page = await context.newPage();
    await page.goto('/');
    await page.waitForLoadState('networkidle');
    const started = Date.now();
    await context.setOffline(true);
    await page.getByText('网络已断开').waitFor({ timeout: 1000 });
    expect(Date.now() - started).toBeLessThan(1000);
    await context.close();
  });
});
