// What the in-browser benchmarks share: bundle an entry written in the bench (importing the app's
// real modules) with esbuild, serve it as one page on loopback, and launch Debian's headless
// Chromium the same way each time.
import { createServer } from 'node:http';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { chromium } from 'playwright-core';

const benchDir = fileURLToPath(new URL('.', import.meta.url));

/** Bundles `entry` (JS source resolved from bench/) into one minified ES module. */
export async function bundleEntry(entry, sourcefile) {
  const result = await build({
    stdin: { contents: entry, resolveDir: benchDir, sourcefile, loader: 'js' },
    bundle: true,
    format: 'esm',
    target: 'es2022',
    minify: true,
    write: false,
    logLevel: 'silent',
  });
  return result.outputFiles[0].text;
}

/** The script inlined as a module into a page, with `</script` inside it escaped. */
export const inlineModule = (script) =>
  `<script type="module">${script.replaceAll('</script', '<\\/script')}</script>`;

/** Serves one HTML page on a free loopback port; resolves to { url, close }. */
export function servePage(html) {
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(html);
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ url: `http://127.0.0.1:${server.address().port}/`, close: () => server.close() }),
    ),
  );
}

/** Headless /usr/bin/chromium without a GPU or background work that would add noise. */
export function launchChromium(extraArgs = []) {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      ...extraArgs,
    ],
  });
}

/** A browser context as a phone: 375×812 at 2×, touch, Chinese locale, Beijing time. */
export function newPhoneContext(browser, baseURL) {
  return browser.newContext({
    baseURL,
    viewport: { width: 375, height: 812 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
  });
}

/**
 * An init script (context.addInitScript(watchFirstShown, { selector, mark })): in the page, before
 * it loads, records in window[mark] when the first element matching `selector` is on screen (a
 * requestAnimationFrame after it appears, which is when it is painted).
 */
export function watchFirstShown({ selector, mark }) {
  const seen = () => {
    if (!document.querySelector(selector)) return false;
    requestAnimationFrame(() => {
      window[mark] ??= performance.now();
    });
    return true;
  };
  const observer = new MutationObserver(() => {
    if (seen()) observer.disconnect();
  });
  document.addEventListener('DOMContentLoaded', () => {
    if (!seen()) observer.observe(document.body, { childList: true, subtree: true });
  });
}
