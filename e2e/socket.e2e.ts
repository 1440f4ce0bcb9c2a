import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { usePhoneBrowser, watchErrors } from './support/browser.ts';
import { type SocketSeen, watchQuoteSockets } from './support/quote-frames.ts';
import { headerShowsLastTick, showsTheTick, snapshotFigures } from './support/quote-header.ts';
import {
  closedPort,
  marketSessionStart,
  type ServerProcess,
  startServerProcess,
} from './support/server-process.ts';

/**
 * The live-quote socket the built app ships (apps/web/src/platform/socket in the production bundle),
 * as a phone sees it on a quote page: which sockets the page opens and when (Playwright's websocket
 * events), what goes over them, and what the page then shows (spec 1 §4 "Live quotes", §9).
 */
const code = '600519.SH';
const mobile = usePhoneBrowser(inject('baseUrl'));

/**
 * A server of this file's own, which it can restart, configured with spec 1 §9's five endpoints:
 * four on ports nobody listens on, then its own socket (QUOTE_SOCKET_URLS, which the server hands
 * the page as runtimeConfig.quoteSocketUrls). Its market clock runs mid-session, so quotes tick.
 */
let server: ServerProcess;
let deadUrls: string[];

beforeAll(async () => {
  const deadPorts = [await closedPort(), await closedPort(), await closedPort(), await closedPort()];
  deadUrls = deadPorts.map((port) => `ws://127.0.0.1:${port}/ws`);
  server = await startServerProcess(() => ({
    QUOTE_SOCKET_URLS: [...deadUrls, '/ws?node=5'].join(','),
    MARKET_CLOCK_START: marketSessionStart,
  }));
});

afterAll(async () => {
  await server?.stop();
});

/** The fifth endpoint, as the page resolves the relative one against its own origin. */
function liveUrl(): string {
  return `${server.baseUrl.replace('http', 'ws')}/ws?node=5`;
}

/** The 茅台 detail page, which shows live quotes, with its sockets and errors recorded. */
async function openQuotePage(context: BrowserContext) {
  const page = await context.newPage();
  const errors = watchErrors(page);
  const sockets = watchQuoteSockets(page);
  await page.goto(`/stock?stockCode=${code}`);
  await page.getByRole('heading', { level: 1, name: '贵州茅台', exact: true }).waitFor({ timeout: 15_000 });
  return { page, errors, sockets };
}

/** Whether `socket` subscribed to the page's code and the server answered with a snapshot of it. */
function subscribed(socket: SocketSeen | undefined): boolean {
  if (!socket) return false;
  const asked = socket.sent.some((message) => message.type === 'subscribe' && message.codes.includes(code));
  return asked && snapshotFigures(socket.received, code).length > 0;
}

/**
 * Until the header shows what the last tick on `socket` carried, a tick that moved the figures
 * away from the socket's snapshots (a tick every 3 s).
 */
async function expectHeaderToTickWith(page: Page, socket: () => SocketSeen | undefined) {
  await expect
    .poll(
      () => {
        const received = socket()?.received ?? [];
        return headerShowsLastTick(page, received, code, snapshotFigures(received, code));
      },
      { timeout: 20_000, interval: 200 },
    )
    .toBe(showsTheTick);
}

/**
 * Plays the page going to the background and back: sets document.visibilityState and fires
 * visibilitychange, which the socket listens to (headless Chromium keeps every page visible).
 */
async function setHidden(page: Page, hidden: boolean) {
  await page.evaluate((hide) => {
    if (hide) {
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
      Object.defineProperty(document, 'hidden', { configurable: true, get: () => true });
    } else {
      // The own properties go; Document.prototype's real getters ('visible') show again.
      Reflect.deleteProperty(document, 'visibilityState');
      Reflect.deleteProperty(document, 'hidden');
    }
    document.dispatchEvent(new Event('visibilitychange'));
  }, hidden);
}

const pageErrors = (errors: string[]) => errors.filter((error) => error.startsWith('pageerror:'));

describe('live-quote socket of the built app (spec 1 §4, §9)', () => {
  it('tries the five endpoints from the server in turn, 3 s apart, and ticks the page from the fifth', async () => {
    const context = await mobile.newContext({ baseUrl: server.baseUrl });
    const { page, errors, sockets } = await openQuotePage(context);
    // Four refused connections, each followed by the 3 s error retry: about 12 s.
    await expect
      .poll(() => sockets.map((socket) => socket.url), { timeout: 30_000 })
      .toEqual([...deadUrls, liveUrl()]);
    const gaps = sockets.slice(1).map((socket, index) => socket.openedAt - (sockets[index]?.openedAt ?? 0));
    for (const gap of gaps) {
      expect(gap).toBeGreaterThanOrEqual(2800);
      expect(gap).toBeLessThan(5000);
    }
    await expect.poll(() => subscribed(sockets[4])).toBe(true);
    await expectHeaderToTickWith(page, () => sockets[4]);
    // Chromium logs each refused connection as a console error; an uncaught exception is never fine.
    expect(pageErrors(errors)).toEqual([]);
    await context.close();
  });

  it('closes while the page is hidden and reopens 500 ms after it is visible again', async () => {
    // The shared server: its five endpoints are its own socket, so the page connects at once.
    const context = await mobile.newContext();
    const { page, errors, sockets } = await openQuotePage(context);
    await expect.poll(() => subscribed(sockets[0]), { timeout: 15_000 }).toBe(true);

    await setHidden(page, true);
    await expect.poll(() => sockets[0]?.closedAt ?? null).not.toBeNull();
    // Longer than the shortest reconnect after a drop (2 s): a hidden page stays disconnected.
    await page.waitForTimeout(3000);
    expect(sockets).toHaveLength(1);

    const shownAt = Date.now();
    await setHidden(page, false);
    await expect.poll(() => sockets.length).toBe(2);
    const delay = (sockets[1]?.openedAt ?? 0) - shownAt;
    expect(delay).toBeGreaterThanOrEqual(500);
    // Well short of the 2–10 s a dropped connection waits.
    expect(delay).toBeLessThan(1800);
    expect(sockets[1]?.url).toBe(sockets[0]?.url);
    await expect.poll(() => subscribed(sockets[1])).toBe(true);
    await expectHeaderToTickWith(page, () => sockets[1]);
    expect(pageErrors(errors)).toEqual([]);
    await context.close();
  });

  it('shows 行情延迟 while the server restarts and ticks again once it is back', async () => {
    const context = await mobile.newContext({ baseUrl: server.baseUrl });
    const { page, errors, sockets } = await openQuotePage(context);
    const live = () => sockets.findLast((socket) => socket.url === liveUrl());
    await expect.poll(() => subscribed(live()), { timeout: 30_000 }).toBe(true);
    await expectHeaderToTickWith(page, live);
    const delayed = page.getByRole('status').filter({ hasText: '行情延迟' });
    expect(await delayed.count()).toBe(0);

    const before = live();
    await server.restart(async () => {
      await expect.poll(() => before?.closedAt ?? null).not.toBeNull();
      // No tick for 6 s greys the header and says so (QuoteFreshness); the server stays away until then.
      await delayed.waitFor({ timeout: 15_000 });
    });

    // The client waits 2–10 s after the drop, finds the fifth endpoint still refusing or back, and
    // after a refusal goes round the four dead ones (3 s each) to it again.
    await expect.poll(() => live() !== before && subscribed(live()), { timeout: 45_000 }).toBe(true);
    await expectHeaderToTickWith(page, live);
    await delayed.waitFor({ state: 'detached', timeout: 10_000 });
    expect(pageErrors(errors)).toEqual([]);
    await context.close();
  });
});
