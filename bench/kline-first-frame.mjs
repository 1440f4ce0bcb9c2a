// K-line first frame: 1,000 generated daily candles (a seeded random walk) drawn by klinecharts in
// headless Chromium with the CPU throttled 4× (a mid-range phone), each run on a fresh page load, so
// klinecharts' drawing code runs cold as on a user's first K-line. The page bundles
// apps/web/src/charts/kline/kline-setup.ts and goes through the KlineChart component's steps in its
// order, without React: shorten the container for the staged first paint, init, series, the
// candle-pane indicator (MA), apply all 1,000 candles; after the first frame, the full layout with
// the VOL and MACD panes and the date axis.
//
// The figure is the time from applying the candles to the end of the rendering of the first frame
// that shows them (candles and MA): afterNextDraw's frame callback is requested in the task that
// applied the data, so it fires in the very frame in which klinecharts draws them, and a message
// posted from it runs after that frame's canvas draws, style, layout, paint and commit. Not
// included: loading and initialising klinecharts (before the data is applied) and the raster and
// display of the frame off the main thread. The detail also gives the time until the complete chart
// (VOL and MACD panes, date axis) has been rendered. Median of the runs.
import { createServer } from 'node:http';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { chromium } from 'playwright-core';

export const name = 'kline first frame (1000 candles, 4x CPU)';
export const budget = { value: 150, unit: 'ms' };

const RUNS = 5;
const CANDLES = 1000;
const benchDir = fileURLToPath(new URL('.', import.meta.url));

const entry = `
import { init } from 'klinecharts';
import { fallbackPalette } from '../apps/web/src/charts/canvas/canvas.ts';
import { toCandles } from '../apps/web/src/charts/kline/day-bar.ts';
import {
  addIndicators, afterNextDraw, applyCandles, candlePaneIndicators, compactForFirstPaint,
  defaultIndicators, klineOptions, setSeries, showFullLayout, subPaneIndicators,
} from '../apps/web/src/charts/kline/kline-setup.ts';

// A seeded random walk, so every run draws the same candles.
function generateBars(count) {
  let seed = 20240628;
  const random = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
  const bars = [];
  let close = 20;
  const day = new Date(Date.UTC(2020, 0, 2));
  while (bars.length < count) {
    day.setUTCDate(day.getUTCDate() + 1);
    if (day.getUTCDay() === 0 || day.getUTCDay() === 6) continue;
    const prevClose = close;
    const open = prevClose * (1 + (random() - 0.5) * 0.02);
    close = Math.max(1, prevClose * (1 + (random() - 0.5) * 0.08));
    const high = Math.max(open, close) * (1 + random() * 0.02);
    const low = Math.min(open, close) * (1 - random() * 0.02);
    const volume = Math.round(1e5 + random() * 1e6);
    const date = day.getUTCFullYear() * 10000 + (day.getUTCMonth() + 1) * 100 + day.getUTCDate();
    bars.push([date, prevClose, open, high, low, close, volume, volume * close]);
  }
  return bars;
}

window.measureFirstFrame = () =>
  new Promise((resolve) => {
    const container = document.getElementById('chart');
    const restore = compactForFirstPaint(container, defaultIndicators);
    const chart = init(container, klineOptions(fallbackPalette, restore !== null));
    setSeries(chart, 2);
    addIndicators(chart, candlePaneIndicators(defaultIndicators));
    const candles = toCandles(generateBars(${CANDLES}));
    const appliedAt = performance.now();
    applyCandles(chart, candles);
    afterNextDraw((firstFrameAt) => {
      if (restore) showFullLayout(chart, restore);
      addIndicators(chart, subPaneIndicators(defaultIndicators));
      afterNextDraw((fullAt) => resolve({ first: firstFrameAt - appliedAt, full: fullAt - appliedAt }));
    });
  });
`;

async function bundle() {
  const result = await build({
    stdin: { contents: entry, resolveDir: benchDir, sourcefile: 'kline-bench-entry.js', loader: 'js' },
    bundle: true,
    format: 'esm',
    target: 'es2022',
    minify: true,
    write: false,
    logLevel: 'silent',
  });
  return result.outputFiles[0].text;
}

const page = (script) => `<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>kline bench</title></head>
<body style="margin:0"><div id="chart" style="width:375px;height:360px"></div>
<script type="module">${script.replaceAll('</script', '<\\/script')}</script></body></html>`;

function serve(html) {
  const server = createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    response.end(html);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

export async function run() {
  const server = await serve(page(await bundle()));
  const url = `http://127.0.0.1:${server.address().port}/`;
  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  try {
    const times = [];
    const fullTimes = [];
    for (let i = 0; i < RUNS; i += 1) {
      const context = await browser.newContext({
        viewport: { width: 375, height: 667 },
        deviceScaleFactor: 2,
      });
      const tab = await context.newPage();
      const cdp = await context.newCDPSession(tab);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      await tab.goto(url);
      await tab.waitForFunction(() => typeof window.measureFirstFrame === 'function');
      const { first, full } = await tab.evaluate(() => window.measureFirstFrame());
      times.push(first);
      fullTimes.push(full);
      await context.close();
    }
    times.sort((a, b) => a - b);
    fullTimes.sort((a, b) => a - b);
    const p50 = times[Math.floor(times.length / 2)];
    const max = times.at(-1);
    const fullP50 = fullTimes[Math.floor(fullTimes.length / 2)];
    return {
      value: p50,
      max,
      detail:
        `${RUNS} page loads: ${times.map((ms) => ms.toFixed(0)).join(', ')} ms; max ${max.toFixed(1)} ms; ` +
        `complete chart (VOL, MACD, date axis) p50 ${fullP50.toFixed(0)} ms`,
    };
  } finally {
    await browser.close();
    server.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const result = await run();
  const within = result.value <= budget.value;
  console.log(
    `${name}: p50 ${result.value.toFixed(1)} ms, max ${result.max.toFixed(1)} ms (budget ${budget.value} ms) ${within ? 'within budget' : 'OVER BUDGET'}`,
  );
  console.log(`  ${result.detail}`);
  process.exitCode = within ? 0 : 1;
}
