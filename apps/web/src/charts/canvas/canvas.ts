/**
 * Helpers shared by the hand-drawn canvas charts (intraday, valuation, K-line preview, flow): sizing
 * for the device pixel ratio, and the one mapping from a tone (@zhicai/domain) to a colour, read from
 * the CSS variables of app/styles/global.css or, where no element can be asked (a worker, a share
 * picture), taken from the same values written out per colour scheme.
 */
import type { Tone } from '@zhicai/domain';

/**
 * Sizes the canvas backing store for the device pixel ratio and returns a context scaled so that
 * drawing uses CSS pixels. Returns null when the browser (or jsdom) has no 2D context, so callers
 * simply skip drawing.
 */
export function prepareCanvas(
  canvas: HTMLCanvasElement,
  width: number,
  height: number,
): CanvasRenderingContext2D | null {
  const ratio = window.devicePixelRatio > 0 ? window.devicePixelRatio : 1;
  canvas.width = Math.round(width * ratio);
  canvas.height = Math.round(height * ratio);
  canvas.style.width = `${width}px`;
  canvas.style.height = `${height}px`;
  const context = canvas.getContext('2d');
  if (!context) return null;
  context.setTransform(ratio, 0, 0, ratio, 0, 0);
  context.clearRect(0, 0, width, height);
  return context;
}

/** Reads a CSS custom property as seen by the element, or the fallback when it is not set. */
export function cssColor(element: Element, name: string, fallback: string): string {
  const value = window.getComputedStyle(element).getPropertyValue(name).trim();
  return value === '' ? fallback : value;
}

export type ColorScheme = 'light' | 'dark';

/** The colours a canvas paints a tone with: red up, green down, grey flat (CONVENTIONS habit 11). */
export interface ToneColors {
  up: string;
  down: string;
  /** Also the colour of `none`: a missing figure is grey like an unchanged one. */
  flat: string;
}

/**
 * --color-up, --color-down and --color-flat of app/styles/global.css for each colour scheme, for
 * drawings that cannot read CSS (canvas.test.ts holds them equal to the stylesheet).
 */
export const schemeToneColors: Readonly<Record<ColorScheme, ToneColors>> = {
  light: { up: '#e93030', down: '#1aa260', flat: '#8a8f99' },
  dark: { up: '#f04848', down: '#2bb673', flat: '#8a8f99' },
};

/** The colour of a tone: every canvas paints tones through this one mapping. */
export function toneColor(colors: ToneColors, tone: Tone): string {
  return tone === 'up' ? colors.up : tone === 'down' ? colors.down : colors.flat;
}

/** The chart palette read from the page's CSS variables. */
export interface ChartPalette extends ToneColors {
  text: string;
  grid: string;
  line: string;
  average: string;
}

export const fallbackPalette: ChartPalette = {
  ...schemeToneColors.light,
  text: '#8F959E',
  grid: '#E8E9ED',
  line: '#2F6FED',
  average: '#F0A020',
};

export function readPalette(element: Element): ChartPalette {
  return {
    up: cssColor(element, '--color-up', fallbackPalette.up),
    down: cssColor(element, '--color-down', fallbackPalette.down),
    flat: cssColor(element, '--color-flat', fallbackPalette.flat),
    text: cssColor(element, '--color-text-tertiary', fallbackPalette.text),
    grid: cssColor(element, '--color-border', fallbackPalette.grid),
    line: cssColor(element, '--color-chart-line', fallbackPalette.line),
    average: cssColor(element, '--color-chart-average', fallbackPalette.average),
  };
}

export const chartFont = '10px "DIN Alternate", Roboto, "Helvetica Neue", Arial, sans-serif';
