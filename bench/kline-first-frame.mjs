// K-line first frame: 1,000 generated daily candles (a seeded random walk) in headless Chromium with
// the CPU throttled 4× (a mid-range phone), each run on a fresh page load, so all drawing code runs
// cold as on a user's first K-line. The page bundles apps/web/src/charts/kline/kline-preview.ts and
// kline-setup.ts and goes through the KlineChart component's steps in its order, without React:
// draw the preview of the candle pane (our own canvas code at klinecharts' geometry); once its frame
// has been rendered, init klinecharts with the shortened container, series, MA, and apply the
// candles; once klinecharts' first frame has been rendered, remove the preview and bring the full
// layout (VOL and MACD panes, date axis).
//
// The figure is the time from handing the candles to the preview (geometry, MA, drawing included) to
// the end of the rendering of the first frame that shows them, the preview's: afterNextDraw's frame
// callback is requested in the task that drew, so a message posted from it runs after that frame's
// style, layout, paint and commit. Not included: converting the rows to candles (done before, as the
// component does in render), and the raster and display of the frame off the main thread. klinecharts
// is bundled into the page, so it is parsed and evaluated before the measure starts; in the app its
// chunk loads while the preview is on screen. The detail also gives, from the same start, the time
// until klinecharts' own first frame has been rendered (the handover) and until the complete chart
// (VOL and MACD panes, date axis) has been rendered; both include initialising klinecharts, which
// the component does only after the preview's frame. Median of the runs.
import { pathToFileURL } from 'node:url';
import { bundleEntry, inlineModule, launchChromium, servePage } from './browser-page.mjs';

export const name = 'kline first frame (1000 candles, 4x CPU)';
export const budget = { value: 150, unit: 'ms' };

const RUNS = 5;
const CANDLES = 1000;

const entry = `
import { init } from 'klinecharts';
import { readPalette } from '../apps/web/src/charts/canvas/canvas.ts';
import { toCandles } from '../apps/web/src/charts/kline/day-bar.ts';
import { showKlinePreview } from '../apps/web/src/charts/kline/kline-preview.ts';
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
    const preview = document.getElementById('preview');
    const candles = toCandles(generateBars(${CANDLES}));
    const appliedAt = performance.now();
    const drawn = showKlinePreview(preview, container, candles, {
      indicators: defaultIndicators,
      pricePrecision: 2,
      palette: readPalette(container),
    });
    if (!drawn) throw new Error('the preview was not drawn');
    const drawnAt = performance.now();
    afterNextDraw((firstFrameAt) => {
      const restore = compactForFirstPaint(container, defaultIndicators);
      const chart = init(container, klineOptions(readPalette(container), restore !== null));
      setSeries(chart, 2);
      addIndicators(chart, candlePaneIndicators(defaultIndicators));
      applyCandles(chart, candles);
      afterNextDraw((handoverAt) => {
        preview.remove();
        if (restore) showFullLayout(chart, restore);
        addIndicators(chart, subPaneIndicators(defaultIndicators));
        afterNextDraw((fullAt) =>
          resolve({
            first: firstFrameAt - appliedAt,
            draw: drawnAt - appliedAt,
            handover: handoverAt - appliedAt,
            full: fullAt - appliedAt,
          }),
        );
      });
    });
  });
`;

const page = (script) => `<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>kline bench</title></head>
<body style="margin:0"><div style="position:relative;width:375px;height:360px">
<div id="chart" style="width:100%;height:100%"></div>
<canvas id="preview" style="position:absolute;top:0;left:0;pointer-events:none"></canvas></div>
${inlineModule(script)}</body></html>`;

export async function run() {
  const server = await servePage(page(await bundleEntry(entry, 'kline-bench-entry.js')));
  const url = server.url;
  const browser = await launchChromium();
  try {
    const times = [];
    const drawTimes = [];
    const handoverTimes = [];
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
      const { first, draw, handover, full } = await tab.evaluate(() => window.measureFirstFrame());
      times.push(first);
      drawTimes.push(draw);
      handoverTimes.push(handover);
      fullTimes.push(full);
      await context.close();
    }
    times.sort((a, b) => a - b);
    drawTimes.sort((a, b) => a - b);
    handoverTimes.sort((a, b) => a - b);
    fullTimes.sort((a, b) => a - b);
    const p50 = times[Math.floor(times.length / 2)];
    const max = times.at(-1);
    const drawP50 = drawTimes[Math.floor(drawTimes.length / 2)];
    const handoverP50 = handoverTimes[Math.floor(handoverTimes.length / 2)];
    const fullP50 = fullTimes[Math.floor(fullTimes.length / 2)];
    return {
      value: p50,
      max,
      detail:
        `${RUNS} page loads: ${times.map((ms) => ms.toFixed(0)).join(', ')} ms; max ${max.toFixed(1)} ms; ` +
        `of which drawing the preview (main thread, before the frame) p50 ${drawP50.toFixed(0)} ms; ` +
        `klinecharts' first frame (handover) p50 ${handoverP50.toFixed(0)} ms; ` +
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
