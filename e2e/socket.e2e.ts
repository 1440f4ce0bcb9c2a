import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newMobileContext, watchErrors } from './support/browser.ts';
import { closedPort, type ServerProcess, startServerProcess } from './support/server-process.ts';
import { socketStarterScript } from './support/socket-module.ts';

/** What window.__zhicaiSocket shows (apps/web/src/platform/socket/app-quote-socket.ts). */
interface SocketStatus {
  status: string;
  endpointIndex: number;
  url: string;
  openCount: number;
  serverHelloAt: number | null;
  lastServerError: { code: string; message: string } | null;
  subscribedCodes: string[];
}

let server: ServerProcess;
let deadUrls: string[];
let browser: Browser;
let starter: string;

beforeAll(async () => {
  // spec 1 §9: five endpoints. Four on ports nobody listens on, then this server's own socket; the
  // server reads QUOTE_SOCKET_URLS into runtimeConfig.quoteSocketUrls.
  const deadPorts = [await closedPort(), await closedPort(), await closedPort(), await closedPort()];
  deadUrls = deadPorts.map((port) => `ws://127.0.0.1:${port}/ws`);
  server = await startServerProcess(() => ({ QUOTE_SOCKET_URLS: endpoints().join(',') }));
  browser = await launchBrowser();
  starter = await socketStarterScript();
}, 90_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

function endpoints(): string[] {
  return [...deadUrls, '/ws?node=5'];
}

function socketStatus(page: Page): Promise<SocketStatus | null> {
  return page.evaluate(() => (window as unknown as { __zhicaiSocket?: SocketStatus }).__zhicaiSocket ?? null);
}

function runtimeSocketUrls(page: Page): Promise<string[] | undefined> {
  return page.evaluate(
    () =>
      (window as unknown as { __ZHICAI_RUNTIME__?: { quoteSocketUrls?: string[] } }).__ZHICAI_RUNTIME__
        ?.quoteSocketUrls,
  );
}

describe('live-quote socket (spec 1 §4, §9)', () => {
  it('gets its five endpoints from the server and reaches the fifth when the first four are dead', async () => {
    const context = await newMobileContext(browser, server.baseUrl);
    const page = await context.newPage();
    const errors = watchErrors(page);
    const opened: string[] = [];
    page.on('websocket', (socket) => opened.push(socket.url()));
    await page.goto('/me');
    expect(await runtimeSocketUrls(page)).toEqual(endpoints());

    // Evaluated rather than added as an inline <script>, which the page's CSP refuses.
    await page.evaluate(starter);
    const live = `${server.baseUrl.replace('http', 'ws')}/ws?node=5`;
    // Four failures, each followed by the 3 s error retry: about 12 s, plus the connection itself.
    await expect
      .poll(() => socketStatus(page), { timeout: 30_000, interval: 250 })
      .toMatchObject({ status: 'open', endpointIndex: 4, url: live });
    await expect.poll(async () => (await socketStatus(page))?.serverHelloAt ?? null).not.toBeNull();

    // Every endpoint was tried, in order.
    expect(opened.slice(0, 5)).toEqual([...deadUrls, live]);
    // Chromium logs each refused connection as a console error, and the page's own API calls may
    // log failed loads while their endpoints are under way; an uncaught exception is never fine.
    expect(errors.filter((error) => error.startsWith('pageerror:'))).toEqual([]);
    await context.close();
  });
});
