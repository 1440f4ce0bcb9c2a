import { routeTable } from '@zhicai/contract';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { nativeAppUserAgent, usePhoneBrowser } from './support/browser.ts';
import { installNativeHarness, nativeCalls } from './support/native-harness.ts';

const baseUrl = inject('baseUrl');
const mobile = usePhoneBrowser(baseUrl);

/** A native-app context whose DSBridge is played by the harness, answering getToken with `token`. */
async function nativeContext(token: string): Promise<BrowserContext> {
  const context = await mobile.newContext({ userAgent: nativeAppUserAgent });
  await installNativeHarness(context, { token });
  return context;
}

/** The `token` header of every API call the page makes. */
function apiTokens(page: Page): string[] {
  const tokens: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname.startsWith('/api/')) tokens.push(request.headers().token ?? '');
  });
  return tokens;
}

describe('inside the native app (spec 1 §2, §4, §7)', () => {
  it('shows no tab bar on the tab pages', async () => {
    // spec 1 §2: the tab bar shows on the tab paths in a browser and never inside the native app.
    // The built pages carry real content to wait for.
    const tabPages = routeTable.filter((entry) => entry.tabBar && entry.built);
    const tabBar = (page: Page) => page.getByRole('navigation', { name: '主导航' });
    // The shell draws the tab bar in the same render as the page, so count only once the page's
    // own heading is up: before that only the startup placeholder exists, which has no tab bar
    // anywhere.
    const open = async (page: Page, path: string, title: string) => {
      await page.goto(path);
      await page
        .getByRole('heading', { level: 1, name: path === '/' ? '知财' : title, exact: true })
        .waitFor({ timeout: 15_000 });
    };

    // The same page in a browser has one, so the count below looks for the right thing.
    const web = await mobile.newContext();
    const webPage = await web.newPage();
    await open(webPage, '/', '股票行情');
    expect(await tabBar(webPage).count()).toBe(1);
    await web.close();

    const context = await nativeContext('');
    const page = await context.newPage();
    const shown: string[] = [];
    for (const { path, title } of tabPages) {
      await open(page, path, title);
      if ((await tabBar(page).count()) > 0) shown.push(path);
    }
    expect(shown).toEqual([]);
    await context.close();
  });

  it('asks the bridge for the token at startup and sends it with the API calls', async () => {
    const context = await nativeContext('native-harness-token');
    const page = await context.newPage();
    const tokens = apiTokens(page);
    await page.goto('/');
    // The startup code asking for it loads after the entry chunks, so allow for a first load.
    await expect
      .poll(async () => (await nativeCalls(page)).filter((call) => call.method === 'getToken'), {
        timeout: 10_000,
      })
      .toEqual([{ method: 'getToken', data: null, callback: expect.stringMatching(/^dscb\d+$/) }]);
    await expect.poll(() => tokens.includes('native-harness-token')).toBe(true);
    await context.close();
  });

  it('opens the native relogin view when the server answers a session-invalid code', async () => {
    // A token our server never issued: the startup's user-info call answers 015 (spec 1 §8
    // session-invalid), so the token is removed and the app is asked for its relogin view.
    const context = await nativeContext('not-a-token-the-server-issued');
    const page = await context.newPage();
    const answers: string[] = [];
    page.on('response', async (response) => {
      if (new URL(response.url()).pathname === '/api/v2/user/userinfo')
        answers.push(((await response.json()) as { code: string }).code);
    });
    await page.goto('/');
    // The home page's market calls go out beside userinfo, so allow for a busy first load.
    await expect
      .poll(
        async () =>
          (await nativeCalls(page)).filter((call) => call.method === 'router').map((call) => call.data),
        { timeout: 10_000 },
      )
      .toContainEqual({ path: 'relogin' });
    // The response listener reads the body asynchronously, so the answer may land after the call.
    await expect.poll(() => answers, { timeout: 10_000 }).toContain('015');
    expect(await page.evaluate(() => window.localStorage.getItem('token'))).toBeNull();
    await context.close();
  });
});
