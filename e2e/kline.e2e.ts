import { mkdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { href } from '@zhicai/contract';
import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { usePhoneBrowser } from './support/browser.ts';

/**
 * Issue 15: the K-line in Chinese and readable. klinecharts used to print "kline · 1天" and an
 * English OHLC/MA legend over the candles, volumes as "47.646M", and a future date on 月K's axis.
 * Every text klinecharts (or our preview) draws on a canvas is recorded by wrapping fillText, so the
 * test reads the axis labels as drawn; the legend is DOM.
 */
const baseUrl = inject('baseUrl');
const mobile = usePhoneBrowser(baseUrl);
let context: BrowserContext;

/** Where the screenshots go (git-ignored; the test output, not the repository). */
const artifacts = fileURLToPath(new URL('./artifacts/', import.meta.url));

/**
 * The indicator abbreviations Chinese terminals print as they are (MA5, MACD, DIF, DEA, K, D, J,
 * RSI6, BOLL); after removing them, no Latin letter may remain.
 */
const indicatorAbbreviations = /(?<![A-Za-z])(?:MACD|MA|BOLL|DIF|DEA|KDJ|RSI|[KDJ])(?![A-Za-z])/g;
const latinLeft = (text: string) => text.replace(indicatorAbbreviations, '').match(/[A-Za-z]+/g) ?? [];

declare global {
  interface Window {
    drawnTexts: string[];
  }
}

beforeAll(async () => {
  context = await mobile.newContext();
  await context.addInitScript(() => {
    window.drawnTexts = [];
    const fillText = CanvasRenderingContext2D.prototype.fillText;
    // Only the K-line's canvases: the page has other charts (the valuation chart draws dates too).
    CanvasRenderingContext2D.prototype.fillText = function (text, ...rest) {
      if (this.canvas.closest('.kline-chart')) window.drawnTexts.push(String(text));
      return fillText.call(this, text, ...rest);
    };
  });
});

interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function box(page: Page, selector: string): Promise<Box> {
  const found = await page.locator(selector).first().boundingBox();
  if (!found) throw new Error(`${selector} is not on screen`);
  return found;
}

/** For each sub-pane strip, the number of coloured pixels klinecharts drew under it. */
function colouredPixelsUnderStrips(page: Page): Promise<number[]> {
  return page.evaluate(() => {
    const canvases = [...document.querySelectorAll<HTMLCanvasElement>('.kline-chart__canvas canvas')];
    return [...document.querySelectorAll<HTMLElement>('.kline-chart__legend-pane')].map((strip) => {
      const band = strip.getBoundingClientRect();
      let coloured = 0;
      for (const canvas of canvases) {
        const area = canvas.getBoundingClientRect();
        if (Math.abs(area.top - band.top) > 1) continue;
        const scale = canvas.width / area.width;
        const context = canvas.getContext('2d');
        if (!context || canvas.width === 0) continue;
        const pixels = context.getImageData(0, 0, canvas.width, Math.floor(band.height * scale)).data;
        for (let i = 0; i < pixels.length; i += 4) {
          const [r = 0, g = 0, b = 0, a = 0] = pixels.subarray(i, i + 4);
          if (a > 64 && Math.max(r, g, b) - Math.min(r, g, b) > 60) coloured += 1;
        }
      }
      return coloured;
    });
  });
}

describe('K-line of 600519.SH', () => {
  it('speaks Chinese on 日K, 周K and 月K, keeps its legend off the candles and shows no future date', async () => {
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(href('stock', { stockCode: '600519.SH' }));
    await page.getByRole('heading', { level: 1, name: '贵州茅台', exact: true }).waitFor({ timeout: 15_000 });
    mkdirSync(artifacts, { recursive: true });

    for (const [tab, period] of [
      ['日K', 'day'],
      ['周K', 'week'],
      ['月K', 'month'],
    ] as const) {
      await page.evaluate(() => {
        window.drawnTexts = [];
      });
      await page.getByRole('tab', { name: tab }).click();
      // The full layout: the sub-panes' legend strips appear once klinecharts has drawn the candles.
      await page.locator('.kline-chart__legend-pane').nth(1).waitFor({ timeout: 15_000 });
      await expect.poll(() => page.evaluate(() => window.drawnTexts.length)).toBeGreaterThan(10);
      // The chart stays mounted across the three tabs: wait for the new bars in the legend.
      const dateOfLegend = /^\d{4}-\d{2}(?:-\d{2})?/;
      await expect
        .poll(
          async () => (await page.getByTestId('kline-legend').innerText()).match(dateOfLegend)?.[0].length,
        )
        .toBe(period === 'month' ? 7 : 10);
      // Let klinecharts finish the frames of the full layout (date axis, sub-pane axes).
      await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 500)));

      const legend = await page.getByTestId('kline-legend').innerText();
      const strips = await page.locator('.kline-chart__legend-pane').allInnerTexts();
      const drawn = await page.evaluate(() => window.drawnTexts);
      expect(legend, tab).toMatch(/开.*高.*低.*收.*涨幅.*成交量.*手.*成交额/s);
      expect(strips[0], tab).toMatch(/^成交量 [\d.]+万?手/);
      for (const text of [legend, ...strips, ...drawn])
        expect(latinLeft(text), `${tab}: ${text}`).toEqual([]);

      // The legend's date is the last bar's (nothing is pointed at); no drawn date may lie after it.
      const lastBar = legend.match(/\d{4}-\d{2}(?:-\d{2})?/)?.[0] ?? '';
      expect(lastBar.length, tab).toBe(period === 'month' ? 7 : 10);
      const dates = drawn.filter((text) => /^\d{4}-\d{2}(-\d{2})?$/.test(text));
      expect(dates.length, tab).toBeGreaterThan(0);
      for (const date of dates) expect(date <= lastBar, `${tab}: ${date} after ${lastBar}`).toBe(true);
      // Volumes in 万/亿 (the VOL axis), never K, M or B.
      expect(
        drawn.some((text) => /^[\d.]+[万亿]$/.test(text)),
        tab,
      ).toBe(true);

      // Nothing of the legend lies over the candle pane: the legend is above the plot, and each
      // sub-pane's strip lies below the candle pane, inside its own pane's reserved top band.
      const plot = await box(page, '.kline-chart__plot');
      const legendBox = await box(page, '[data-testid="kline-legend"]');
      const candlePaneHeight = await page.evaluate(() => {
        const first = document.querySelector<HTMLElement>('.kline-chart__legend-pane');
        return first ? first.offsetTop - 1 : 0;
      });
      const candleArea = { x: plot.x, y: plot.y, width: plot.width, height: candlePaneHeight };
      expect(candlePaneHeight, tab).toBeGreaterThan(100);
      expect(overlaps(legendBox, candleArea), tab).toBe(false);
      for (const strip of await page.locator('.kline-chart__legend-pane').all()) {
        const stripBox = await strip.boundingBox();
        if (!stripBox) throw new Error('a legend strip is not on screen');
        expect(overlaps(stripBox, candleArea), tab).toBe(false);
      }
      // klinecharts' own candle pane ends where the first strip begins (kline-setup's layout).
      const canvasTops = await page.evaluate(() =>
        [...document.querySelectorAll('.kline-chart__canvas canvas')].map((canvas) =>
          Math.round(canvas.getBoundingClientRect().top),
        ),
      );
      expect(canvasTops, tab).toContain(Math.round(plot.y + candlePaneHeight + 1));

      // And no bar or line of a sub-pane is drawn in its strip's band: no coloured pixel there (the
      // grid is grey) on any canvas of the pane.
      expect(await colouredPixelsUnderStrips(page), tab).toEqual([0, 0]);

      await page.locator('.quote-chart').screenshot({ path: `${artifacts}kline-${period}.png` });
    }

    // BOLL over the candles, KDJ and RSI below (the oldest sub-pane, 成交量, gives way).
    await page.getByRole('button', { name: 'BOLL' }).click();
    await page.getByRole('button', { name: 'KDJ' }).click();
    await page.getByRole('button', { name: 'RSI' }).click();
    await expect
      .poll(() => page.locator('.kline-chart__legend-pane').allInnerTexts())
      .toEqual([
        expect.stringMatching(/^KDJ\(9,3,3\)\s*K\s*[\d.-]+\s*D\s*[\d.-]+\s*J\s*[\d.-]+$/),
        expect.stringMatching(/^RSI6\s+[\d.]+\s*RSI12\s+[\d.]+\s*RSI24\s+[\d.]+$/),
      ]);
    const boll = await page.locator('.kline-chart__legend-main').innerText();
    expect(boll).toMatch(/^BOLL\(20,2\)\s*中轨\s*[\d,.]+\s*上轨\s*[\d,.]+\s*下轨\s*[\d,.]+$/);
    expect(latinLeft(boll)).toEqual([]);
    await page.locator('.quote-chart').screenshot({ path: `${artifacts}kline-boll-kdj-rsi.png` });

    // Pointing at an earlier bar shows that bar in the legend, still above the plot.
    const plot = await box(page, '.kline-chart__plot');
    const before = await page.getByTestId('kline-legend').innerText();
    await page.mouse.move(plot.x + 60, plot.y + 80);
    await expect.poll(() => page.getByTestId('kline-legend').innerText()).not.toBe(before);
    const pointed = await page.getByTestId('kline-legend').innerText();
    const month = (text: string) => text.match(/\d{4}-\d{2}/)?.[0] ?? '';
    expect(month(pointed) < month(before), pointed).toBe(true);
    expect(latinLeft(pointed)).toEqual([]);
    await page.locator('.quote-chart').screenshot({ path: `${artifacts}kline-pointed.png` });
    expect(errors).toEqual([]);
    await page.close();
  });
});
