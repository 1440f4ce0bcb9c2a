import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { usePhoneBrowser } from './support/browser.ts';

/**
 * The built app under its Content-Security-Policy (issue 14 defect 7): the pages load, draw and
 * connect without one violation, which Chromium reports both as a console error and as a
 * securitypolicyviolation event.
 */
const baseUrl = inject('baseUrl');
const phone = usePhoneBrowser(baseUrl);

declare global {
  interface Window {
    __cspViolations?: string[];
  }
}

let context: Awaited<ReturnType<typeof phone.newContext>>;
beforeAll(async () => {
  context = await phone.newContext();
  await context.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (event) => {
      window.__cspViolations?.push(`${event.violatedDirective} ${event.blockedURI}`);
    });
  });
});
afterAll(async () => {
  await context.close();
});

/** Opens a page, lets it settle, and gives what the policy refused there. */
async function violationsOn(path: string, settle: (page: Page) => Promise<unknown>) {
  const page = await context.newPage();
  const console: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) console.push(message.text());
  });
  const response = await page.goto(path);
  await settle(page);
  await page.waitForLoadState('networkidle');
  const events = await page.evaluate(() => window.__cspViolations ?? []);
  const policy = response?.headers()['content-security-policy'] ?? '';
  await page.close();
  return { console, events, policy };
}

describe('the app under its Content-Security-Policy', () => {
  it.each([
    ['the home page', '/', (page: Page) => page.getByText('上证指数').first().waitFor()],
    [
      'a stock detail page with live quotes',
      '/stock?stockCode=600519.SH',
      (page: Page) => page.getByRole('heading', { name: '贵州茅台' }).waitFor(),
    ],
    [
      'the financial report page with its flow charts',
      '/financialReportPreview/600519_SH/20231231',
      (page: Page) => page.locator('section.report-card').first().waitFor(),
    ],
    [
      'the PDF viewer with a report',
      '/financialReportPreview/600519_SH/20231231',
      async (page: Page) => {
        await page.getByRole('button', { name: /查看财报原文/ }).tap();
        await page.waitForURL('**/pdf?file=*');
        await page.locator('.react-pdf__Page canvas').first().waitFor({ timeout: 20_000 });
      },
    ],
  ])('shows %s without a violation', async (_case, path, settle) => {
    const { console, events, policy } = await violationsOn(path, settle);
    expect(policy).toContain("frame-ancestors 'self'");
    expect(policy).toMatch(/script-src 'self' 'sha256-/);
    expect(events).toEqual([]);
    expect(console).toEqual([]);
  });
});
