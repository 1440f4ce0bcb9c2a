/**
 * Everything the K-line does with a klinecharts instance, kept free of React and of a runtime import
 * of klinecharts so the component can load the library lazily and the benchmark
 * (bench/kline-first-frame.mjs) can drive the very same setup without React.
 */
import type { Chart, DeepPartial, Options, Styles } from 'klinecharts';
import type { ChartPalette } from '../canvas/canvas.ts';
import type { Candle } from './day-bar.ts';

export type KlineIndicator = 'MA' | 'VOL' | 'MACD';

export const defaultIndicators: readonly KlineIndicator[] = ['MA', 'VOL', 'MACD'];

/** klinecharts' fixed id of the candle pane; MA is stacked on it. */
const candlePaneId = 'candle_pane';
const subPaneHeight = 72;
/** klinecharts' default separator between panes, in CSS pixels. */
const separatorSize = 1;
/**
 * The date axis has a fixed height instead of klinecharts' measured one, so the height of the candle
 * pane is known before the first layout (see compactForFirstPaint).
 */
const xAxisHeight = 26;

/** The indicators drawn on the candle pane (MA); the others get a pane of their own below it. */
export function candlePaneIndicators(indicators: readonly KlineIndicator[]): KlineIndicator[] {
  return indicators.filter((name) => name === 'MA');
}

export function subPaneIndicators(indicators: readonly KlineIndicator[]): KlineIndicator[] {
  return indicators.filter((name) => name !== 'MA');
}

/** Red up, green down and grey unchanged, for candles, the last-price mark and indicator bars (VOL, MACD). */
export function klineStyles(palette: ChartPalette): DeepPartial<Styles> {
  const change = { upColor: palette.up, downColor: palette.down, noChangeColor: palette.flat };
  const axis = {
    axisLine: { color: palette.grid },
    tickLine: { color: palette.grid },
    tickText: { color: palette.text },
  };
  return {
    grid: { horizontal: { color: palette.grid }, vertical: { color: palette.grid } },
    candle: {
      bar: {
        ...change,
        upBorderColor: palette.up,
        downBorderColor: palette.down,
        noChangeBorderColor: palette.flat,
        upWickColor: palette.up,
        downWickColor: palette.down,
        noChangeWickColor: palette.flat,
      },
      priceMark: { last: change },
    },
    indicator: { ohlc: change, bars: [change], circles: [change] },
    xAxis: { ...axis, size: xAxisHeight },
    yAxis: axis,
    separator: { color: palette.grid },
  };
}

/**
 * The chart options. For the first paint of a chart with sub-panes the date axis starts hidden
 * (showFullLayout brings it back), because it sits below the sub-panes that come a frame later.
 */
export function klineOptions(palette: ChartPalette, firstPaint = false): Options {
  const styles = klineStyles(palette);
  if (firstPaint) styles.xAxis = { ...styles.xAxis, show: false, size: 0 };
  return { locale: 'zh-CN', timezone: 'Asia/Shanghai', styles };
}

/**
 * The first paint draws only the candle pane. A cold klinecharts spends most of its first frame on
 * things that scale with the number of panes and canvases (lazily compiled drawing code, canvas
 * backing stores, axis and legend text), not with the number of candles: the VOL and MACD panes
 * with their axes and legends roughly double that frame. So the first frame shows the candles and
 * MA, and the sub-panes and the date axis follow in the next one (showFullLayout).
 *
 * Nothing moves when they arrive: until then the container is shortened to exactly the height the
 * candle pane will have in the full layout (its height minus the sub-panes, their separators and
 * the fixed-height date axis), and the space below stays blank. Call it before klinecharts.init,
 * so the chart's first layout already has the short height. Returns the function that undoes it,
 * or null when there are no sub-panes to wait for.
 */
export function compactForFirstPaint(
  container: HTMLElement,
  indicators: readonly KlineIndicator[],
): (() => void) | null {
  if (subPaneIndicators(indicators).length === 0) return null;
  const previous = container.style.height;
  container.style.height = `${candlePaneHeight(container.clientHeight, indicators)}px`;
  return () => {
    container.style.height = previous;
  };
}

/**
 * The height of the candle pane in the full layout: the chart's height less the sub-panes, their
 * separators and the fixed-height date axis. Both the first paint (compactForFirstPaint) and the
 * preview (kline-preview.ts) draw the candle pane at exactly this height.
 */
export function candlePaneHeight(fullHeight: number, indicators: readonly KlineIndicator[]): number {
  const subPanes = subPaneIndicators(indicators).length;
  return Math.max(0, fullHeight - subPanes * (subPaneHeight + separatorSize) - xAxisHeight);
}

/** The second stage: the container back to its full height and the date axis shown again. */
export function showFullLayout(chart: Chart, restoreContainer: () => void): void {
  restoreContainer();
  chart.setStyles({ xAxis: { show: true, size: xAxisHeight } });
  chart.resize();
}

/** Daily bars of one instrument; the precision is the number of price decimals shown. */
export function setSeries(chart: Chart, pricePrecision: number): void {
  chart.setSymbol({ ticker: 'kline', pricePrecision, volumePrecision: 0 });
  chart.setPeriod({ type: 'day', span: 1 });
}

/** Creates the indicators (MA on the candle pane, the others as sub-panes) and returns their ids. */
export function addIndicators(chart: Chart, indicators: readonly KlineIndicator[]): string[] {
  const ids: string[] = [];
  for (const name of indicators) {
    const id =
      name === 'MA'
        ? chart.createIndicator({ name, paneId: candlePaneId }, true)
        : chart.createIndicator({ name, paneId: `sub_pane_${name}` });
    if (id === null) continue;
    ids.push(id);
    if (name !== 'MA') chart.setPaneOptions({ id: `sub_pane_${name}`, height: subPaneHeight });
  }
  return ids;
}

/** Roughly the advance of a digit of the 12px axis text, in CSS pixels. */
const axisDigitWidth = 7;
/** The axis line, tick and text margins of the price axis, in CSS pixels. */
const axisChrome = 14;

/**
 * The width of the price axis: wide enough for the longest price label (the highest high, with
 * thousands separator), and never under six characters, which covers the VOL and MACD labels.
 * klinecharts would otherwise size it to the widest label of all panes, so the candles would shift
 * sideways when the sub-panes arrive after the first frame.
 */
export function priceAxisWidth(candles: readonly Candle[], pricePrecision: number): number {
  let high = 0;
  for (const candle of candles) if (candle.high > high) high = candle.high;
  // The label with a thousands separator, as klinecharts writes it. Not toLocaleString: its first
  // call initialises ICU number formatting, the largest single cost of a cold first frame in a profile.
  const [whole = '', fraction] = high.toFixed(pricePrecision).split('.');
  const grouped = whole.replace(/(\d)(?=(\d{3})+$)/g, '$1,');
  const label = fraction === undefined ? grouped : `${grouped}.${fraction}`;
  return axisChrome + axisDigitWidth * Math.max(label.length, 6);
}

/**
 * Hands the candles to the chart. klinecharts 10 takes data only through a data loader; this one
 * answers the initial request synchronously with all the bars and reports that there is no more.
 */
export function applyCandles(chart: Chart, candles: Candle[]): void {
  const pricePrecision = chart.getSymbol()?.pricePrecision ?? 2;
  chart.setStyles({ yAxis: { size: priceAxisWidth(candles, pricePrecision) } });
  chart.setDataLoader({ getBars: ({ callback }) => callback(candles, false) });
}

/**
 * Calls back with the time at which the first frame drawn after data was applied has been rendered.
 * Call it in the same task that applied the data. klinecharts lays out in microtasks of that task
 * and draws each canvas in a requestAnimationFrame callback, so the next frame is the one that draws
 * the candles, whatever the order of the frame callbacks. A message posted from this frame's
 * callback is handled as a task after that frame's rendering (canvas draws, style, layout, paint,
 * commit), which is when the frame is ready for the screen.
 */
export function afterNextDraw(callback: (now: number) => void): () => void {
  let cancelled = false;
  const channel = new MessageChannel();
  channel.port1.onmessage = () => {
    channel.port1.close();
    if (!cancelled) callback(performance.now());
  };
  const frame = window.requestAnimationFrame(() => channel.port2.postMessage(null));
  return () => {
    cancelled = true;
    window.cancelAnimationFrame(frame);
    channel.port1.close();
  };
}
