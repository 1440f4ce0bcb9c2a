import { href } from '@zhicai/contract';
import type { BrowserContext, Request } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { signedInClient } from './support/api-client.ts';
import { delayLazyChunks, usePhoneBrowser } from './support/browser.ts';

/**
 * On a phone network every lazily loaded chunk is a round trip, so what a page's first data call
 * waits for is how many chunks load one after another before it (each asked for only once the one
 * before it has arrived), not how many there are. With every lazy chunk held `chunkDelayMs`, this
 * counts those sequential waves before the first call of the pages with a first-content budget
 * (issues 16 and 17) and of the report preview, the /v3/ page that also waits for the API lock.
 * Counting waves rather than milliseconds keeps the test steady on a loaded machine: a chunk that
 * starts after another has finished, while every chunk takes a whole second, follows it.
 *
 * Before the request wrapper loaded with the entry and the chunks on the way preloaded their own
 * imports, /favorite's list call came after 4 such waves (page data, the shared market chunk, the
 * wrapper, the wrapper's imports), and the report's signed call after 5 (the signature last).
 */
const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');
const phone = usePhoneBrowser(baseUrl);

const chunkDelayMs = 1000;
/** The entry's own chunks load with index.html; after them, one wave for a page's chunk (with its
 * imports, the request wrapper and the startup sequence beside it) and one for its contract group. */
const maxWaves = 2;

interface Span {
  start: number;
  end: number;
}

/** The longest run of spans ending by `before`, each starting once the one before it had ended. */
/** At least one wave (the page's own chunk was held), at most `maxWaves`. */
function expectFewWaves(waves: number): void {
  expect(waves, 'sequential chunk waves before the call').toBeGreaterThan(0);
  expect(waves, 'sequential chunk waves before the call').toBeLessThanOrEqual(maxWaves);
}

function sequentialWaves(spans: readonly Span[], before: number): number {
  const done = spans.filter((span) => span.end <= before).sort((a, b) => a.start - b.start);
  const depth: number[] = [];
  done.forEach((span, index) => {
    const longestBefore = done
      .slice(0, index)
      .reduce(
        (longest, earlier, at) => (earlier.end <= span.start ? Math.max(longest, depth[at] ?? 0) : longest),
        0,
      );
    depth.push(longestBefore + 1);
  });
  return Math.max(0, ...depth);
}

/** Opens `path` fresh and counts the sequential chunk waves before its first call to `callPath`. */
async function wavesBeforeFirstCall(context: BrowserContext, path: string, callPath: string) {
  await delayLazyChunks(context, baseUrl, chunkDelayMs);
  const page = await context.newPage();
  const startedAt = new Map<Request, number>();
  const chunks: Span[] = [];
  page.on('request', (request) => startedAt.set(request, performance.now()));
  page.on('requestfinished', (request) => {
    const { pathname } = new URL(request.url());
    const start = startedAt.get(request);
    // Only the held chunks: index.html's own load at once.
    if (start === undefined || !pathname.startsWith('/assets/') || !pathname.endsWith('.js')) return;
    const end = performance.now();
    if (end - start >= chunkDelayMs) chunks.push({ start, end });
  });
  const call = page.waitForRequest((request) => new URL(request.url()).pathname === callPath, {
    timeout: 30_000,
  });
  await page.goto(path, { waitUntil: 'commit' });
  const calledAt = startedAt.get(await call) ?? Number.POSITIVE_INFINITY;
  const waves = sequentialWaves(chunks, calledAt);
  await page.close();
  return waves;
}

describe('a page’s first data call after its lazily loaded chunks (every chunk held 1 s)', () => {
  it('/favorite asks for the list after at most two chunk waves', async () => {
    const user = await signedInClient(baseUrl, dataDir, '13800138931');
    await user.get('/api/v2/opt/addOpt?codes=600519.SH');
    const context = await phone.newContext();
    await context.addInitScript((token) => window.localStorage.setItem('token', token), user.token);
    const waves = await wavesBeforeFirstCall(context, href('favorite'), '/api/v2/opt/listOptionalV4Items');
    await context.close();
    expectFewWaves(waves);
  });

  it('/SevenEleven asks for the feed after at most two chunk waves', async () => {
    const context = await phone.newContext();
    const waves = await wavesBeforeFirstCall(context, href('SevenEleven'), '/api/v2/news/list');
    await context.close();
    expectFewWaves(waves);
  });

  it('the report preview makes its signed /v3/ call after at most two chunk waves', async () => {
    const context = await phone.newContext();
    const waves = await wavesBeforeFirstCall(
      context,
      href('financialReportPreview', { stock: '600519_SH', reportPeriod: '20231231' }),
      '/api/v3/details/finreportQuick',
    );
    await context.close();
    expectFewWaves(waves);
  });
});
