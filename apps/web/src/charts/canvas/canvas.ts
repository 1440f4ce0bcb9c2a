/**
 * Helpers shared by the hand-drawn canvas charts (intraday, valuation): sizing for the device pixel
 * ratio and reading theme colours from the CSS variables of app/styles/global.css.
 */

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

/** The chart palette: red up, green down (Chinese market convention, CONVENTIONS habit 11). */
export interface ChartPalette {
  up: string;
  down: string;
  flat: string;
  text: string;
  grid: string;
  line: string;
  average: string;
}

export const fallbackPalette: ChartPalette = {
  up: '#F04848',
  down: '#1FA35B',
  flat: '#8A8F99',
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

export type Tone = 'up' | 'down' | 'flat';

/** The tone of a value against a reference: above is up (red), below is down (green). */
export function toneOf(value: number, reference: number): Tone {
  if (value > reference) return 'up';
  if (value < reference) return 'down';
  return 'flat';
}

export const chartFont = '10px "DIN Alternate", Roboto, "Helvetica Neue", Arial, sans-serif';
