import { popupPages } from '@zhicai/contract';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';

/** Debian's Chromium, quiet and sandbox-free for containers. */
function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

export const nativeAppUserAgent =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 ZhicaiApp/2022102000';

interface MobileContextOptions {
  userAgent?: string;
  /** Popup ids to mark as already closed, so the activity popup does not cover the page. */
  dismissedPopups?: readonly number[];
}

/**
 * Opt-in: `E2E_SLOW_CHUNKS_MS=1500` delays every lazily loaded script (`/assets/*.js` other than
 * the chunks index.html names) by that many ms in every phone context. React Router changes the
 * URL before a lazy page has drawn, so a step right after a navigation can act on the previous
 * page; slow chunks make such races fail every time instead of now and then on CI. Off by default.
 */
const slowChunksMs = Number(process.env.E2E_SLOW_CHUNKS_MS ?? 0);

/** The script paths index.html loads itself (entry and module preloads), which stay undelayed. */
async function entryChunkPaths(baseUrl: string): Promise<Set<string>> {
  const html = await (await fetch(`${baseUrl}/`)).text();
  const paths = new Set<string>();
  for (const match of html.matchAll(/(?:src|href)="([^"]*\/assets\/[^"]+\.js)"/g)) {
    paths.add(new URL(match[1] ?? '', baseUrl).pathname);
  }
  if (paths.size === 0) throw new Error(`no entry chunk found in ${baseUrl}/ (E2E_SLOW_CHUNKS_MS)`);
  return paths;
}

/**
 * Delays every lazily loaded script of `context` by `delayMs` (the chunks index.html names load at
 * once); a later call replaces an earlier delay, since the newest route handler answers first.
 */
export async function delayLazyChunks(
  context: BrowserContext,
  baseUrl: string,
  delayMs: number,
): Promise<void> {
  const entryChunks = await entryChunkPaths(baseUrl);
  await context.route('**/assets/*.js', async (route) => {
    if (!entryChunks.has(new URL(route.request().url()).pathname)) {
      await new Promise((resolve) => setTimeout(resolve, delayMs));
    }
    // The context may have closed during the delay; the request is gone with it.
    await route.continue().catch(() => {});
  });
}

/** An iPhone-sized touch context in Chinese, in the market's time zone. */
async function newMobileContext(
  browser: Browser,
  baseUrl: string,
  { userAgent, dismissedPopups = [] }: MobileContextOptions = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL: baseUrl,
    viewport: { width: 375, height: 812 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    ...(userAgent ? { userAgent } : {}),
  });
  if (dismissedPopups.length > 0) {
    await context.addInitScript((ids) => {
      window.localStorage.setItem('promo:dismissedPopups', JSON.stringify(ids));
    }, dismissedPopups);
  }
  if (slowChunksMs > 0) await delayLazyChunks(context, baseUrl, slowChunksMs);
  return context;
}

/** Collects console errors and uncaught page errors, so a test can assert there were none. */
export function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  return errors;
}

/** Ids of the popups the server currently runs on the popup pages (to keep them out of the way). */
export async function activePopupIds(baseUrl: string): Promise<number[]> {
  const ids: number[] = [];
  for (const page of popupPages) {
    const response = await fetch(`${baseUrl}/api/v2/activity/popup?page=${encodeURIComponent(page)}`);
    const body = (await response.json()) as { datas: { id: number } | null };
    if (body.datas) ids.push(body.datas.id);
  }
  return ids;
}

export interface PhoneBrowser {
  /** The browser (available from beforeAll on). */
  readonly browser: Browser;
  /**
   * A new phone context on the server, or on `baseUrl` (a server the test started itself). The
   * popups running at that moment are marked closed so they do not cover the page, unless
   * `withPopups`.
   */
  newContext(options?: {
    userAgent?: string;
    withPopups?: boolean;
    baseUrl?: string;
  }): Promise<BrowserContext>;
}

/**
 * One Chromium for the tests of a file, launched in beforeAll and closed in afterAll, making phone
 * contexts on the server at `baseUrl`.
 */
export function usePhoneBrowser(baseUrl: string): PhoneBrowser {
  let launched: Browser | undefined;
  beforeAll(async () => {
    launched = await launchBrowser();
  });
  afterAll(async () => {
    await launched?.close();
  });
  return {
    get browser() {
      if (!launched) throw new Error('the browser is launched in beforeAll');
      return launched;
    },
    async newContext({ userAgent, withPopups = false, baseUrl: server = baseUrl } = {}) {
      const dismissedPopups = withPopups ? [] : await activePopupIds(server);
      return newMobileContext(this.browser, server, { userAgent, dismissedPopups });
    },
  };
}
