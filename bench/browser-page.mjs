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
      if (window[mark] !== undefined) return;
      window[mark] = performance.now();
      // The same instant in a trace (mainThreadBefore reads it there), and on the console, where
      // loadUntilShown hears it without running anything in the page.
      performance.mark(mark);
      console.debug(`${mark} ${window[mark]}`);
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

/**
 * Navigates `tab` to `path` and resolves to the ms from the navigation to the first content that
 * watchFirstShown marks as `mark`. It listens for the mark on the page's console instead of polling
 * the page (tab.waitForFunction): Playwright's polling runs its injected script in each new
 * document, about 50 ms of a 4× throttled main thread that would land before the first content and
 * be counted as the app's.
 */
export async function loadUntilShown(tab, path, mark, timeout = 30_000) {
  const shown = tab.waitForEvent('console', {
    predicate: (message) => message.text().startsWith(`${mark} `),
    timeout,
  });
  await tab.goto(path, { waitUntil: 'commit' });
  return Number((await shown).text().slice(mark.length + 1));
}

/**
 * What the page's main thread did from the navigation to the first content, read from a Chromium
 * trace of one load (`load` navigates and resolves once `mark` is set; watchFirstShown marks it):
 * the tasks' time as the throttled page lived it (wall, which a loaded machine also stretches) and
 * their thread CPU time (unthrottled, and not stretched by other processes), and that time split by
 * what the tasks did (self time by trace event: script compile and run, style and layout, paint,
 * parsing, GC…), largest first.
 */
export async function mainThreadBefore(browser, tab, mark, load) {
  await browser.startTracing(tab, {
    categories: [
      'devtools.timeline',
      'disabled-by-default-devtools.timeline',
      'blink.user_timing',
      'v8',
      'toplevel',
    ],
  });
  await load();
  const events = JSON.parse((await browser.stopTracing()).toString('utf8')).traceEvents;
  const mainThreads = new Set(
    events
      .filter((event) => event.name === 'thread_name' && event.args?.name === 'CrRendererMain')
      .map((event) => `${event.pid}:${event.tid}`),
  );
  const onMain = (event) => mainThreads.has(`${event.pid}:${event.tid}`);
  const marked = events.filter((event) => event.name === mark && onMain(event)).at(-1);
  // The navigation of the page itself: the main frame's, with the page's URL. A frame the page or
  // the browser makes meanwhile (an about:blank document) starts a navigation of its own, and
  // counting from that one left out most of the load.
  const navigated = events
    .filter(
      (event) =>
        event.name === 'navigationStart' &&
        onMain(event) &&
        event.args?.data?.isOutermostMainFrame &&
        event.args.data.documentLoaderURL &&
        event.ts <= (marked?.ts ?? 0),
    )
    .at(-1);
  if (!marked || !navigated) throw new Error(`the trace has no ${navigated ? mark : 'navigationStart'} mark`);
  const thread = `${marked.pid}:${marked.tid}`;
  const within = events
    .filter(
      (event) =>
        event.ph === 'X' &&
        `${event.pid}:${event.tid}` === thread &&
        event.ts >= navigated.ts &&
        event.ts < marked.ts,
    )
    .sort((a, b) => a.ts - b.ts || b.dur - a.dur);
  // Nesting by time: an event inside another is its child. Top-level events are the tasks; each
  // event's self time (its time outside its children) is summed by name.
  const tasks = [];
  const byKind = new Map();
  const stack = [];
  const close = (event) => {
    const self = (event.dur - event.childDur) / 1000;
    byKind.set(event.name, (byKind.get(event.name) ?? 0) + self);
  };
  for (const event of within) {
    const entry = { name: event.name, ts: event.ts, dur: event.dur ?? 0, tdur: event.tdur ?? 0, childDur: 0 };
    while (stack.length > 0 && stack.at(-1).ts + stack.at(-1).dur <= entry.ts) close(stack.pop());
    const parent = stack.at(-1);
    if (parent) parent.childDur += entry.dur;
    else tasks.push(entry);
    stack.push(entry);
  }
  for (const event of stack.reverse()) close(event);
  const sum = (list, key) => list.reduce((total, event) => total + event[key], 0) / 1000;
  return {
    elapsedMs: (marked.ts - navigated.ts) / 1000,
    taskWallMs: sum(tasks, 'dur'),
    taskCpuMs: sum(tasks, 'tdur'),
    tasks: tasks.length,
    longest: Math.max(0, ...tasks.map((task) => task.dur / 1000)),
    byKind: [...byKind.entries()].sort((a, b) => b[1] - a[1]).filter(([, ms]) => ms >= 1),
  };
}

/** mainThreadBefore's answer as one line of a benchmark's detail. */
export const describeMainThread = (cost) =>
  `main thread before first content: ${cost.tasks} tasks, ${cost.taskWallMs.toFixed(0)} ms throttled ` +
  `(${cost.taskCpuMs.toFixed(0)} ms thread CPU, longest ${cost.longest.toFixed(0)} ms) of ` +
  `${cost.elapsedMs.toFixed(0)} ms; by kind: ${cost.byKind
    .slice(0, 10)
    .map(([kind, ms]) => `${kind} ${ms.toFixed(0)}`)
    .join(', ')}`;
