// JS needed for the first paint of `/`: every script Chromium fetches while loading the home page
// until the network is idle (entry, preloads and the lazy route chunks the page asks for),
// gzip-compressed at level 9 the way a CDN would send it.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { startServer } from './server.mjs';

export const name = 'first-paint JS of / (gzip)';
export const budget = { value: 120, unit: 'KB' };

export async function run() {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'zhicai-bench-js-'));
  const server = await startServer(dataDir);
  const browser = await chromium.launch({
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
  try {
    const context = await browser.newContext({
      viewport: { width: 375, height: 812 },
      deviceScaleFactor: 2,
      isMobile: true,
      hasTouch: true,
      locale: 'zh-CN',
    });
    const page = await context.newPage();
    const scripts = new Map();
    page.on('response', async (response) => {
      if (response.request().resourceType() !== 'script') return;
      const body = await response.body().catch(() => undefined);
      if (body) scripts.set(new URL(response.url()).pathname, gzipSync(body, { level: 9 }).length);
    });
    await page.goto(`${server.address}/`, { waitUntil: 'networkidle' });
    const total = [...scripts.values()].reduce((sum, size) => sum + size, 0);
    const files = [...scripts.entries()]
      .map(([file, size]) => `${path.basename(file)} ${(size / 1024).toFixed(1)}`)
      .join(', ');
    return { value: total / 1024, detail: `${scripts.size} files: ${files}` };
  } finally {
    await browser.close();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
