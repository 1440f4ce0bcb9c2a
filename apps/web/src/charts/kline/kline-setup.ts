/**
 * Everything the K-line does with a klinecharts instance, kept free of React and of a runtime import
 * of klinecharts so the component can load the library lazily and the benchmark
 * (bench/kline-first-frame.mjs) can drive the very same setup without React.
 */
import { formatAmount } from '@zhicai/domain';
import type { AxisTick, Chart, DeepPartial, Locales, Options, Styles } from 'klinecharts';
import type { ChartPalette } from '../canvas/canvas.ts';
import type { Candle } from './day-bar.ts';
import type { KlineIndicator } from './kline-indicators.ts';
import type { KlinePeriod } from './kline-legend.ts';

export type { KlineIndicator } from './kline-indicators.ts';

export const defaultIndicators: readonly KlineIndicator[] = ['MA', 'VOL', 'MACD'];

/** The indicators that share the candle pane (and its price axis); the others get a pane each. */
export const mainPaneIndicators: readonly KlineIndicator[] = ['MA', 'BOLL'];

/** klinecharts' fixed id of the candle pane; MA and BOLL are stacked on it. */
const candlePaneId = 'candle_pane';
const subPaneHeight = 72;
/** The band at the top of each sub-pane that its legend strip (kline-chart.tsx) sits in. */
export const subPaneLegendHeight = 14;
/** klinecharts' default bottom gap of a y-axis: a tenth of the value range below the lowest value. */
const subPaneBottomGap = 0.1;

/**
 * The sub-panes' y-axis gaps that keep the legend band (and a pixel more) free above the highest
 * value, so the strip covers no bar or line. klinecharts widens the value range by gap × range on
 * each side (a gap of 1 or more is divided by the pane height first), so the top gap's share of the
 * pane is top ÷ (1 + top + bottom), not top itself: solved here for the band's share of the pane.
 */
export function subPaneGap(
  paneHeight = subPaneHeight,
  band = subPaneLegendHeight + 1,
): { top: number; bottom: number } {
  return { top: (band * (1 + subPaneBottomGap)) / (paneHeight - band), bottom: subPaneBottomGap };
}
/** The indicators' precision on their axes (klinecharts' default is 4: 100.0000 on an RSI axis). */
const indicatorPrecision = 2;
/** klinecharts' default separator between panes, in CSS pixels. */
const separatorSize = 1;
/**
 * The date axis has a fixed height instead of klinecharts' measured one, so the height of the candle
 * pane is known before the first layout (see compactForFirstPaint).
 */
const xAxisHeight = 26;

/** The indicators drawn on the candle pane (MA, BOLL); the others get a pane of their own below it. */
export function candlePaneIndicators(indicators: readonly KlineIndicator[]): KlineIndicator[] {
  return indicators.filter((name) => mainPaneIndicators.includes(name));
}

export function subPaneIndicators(indicators: readonly KlineIndicator[]): KlineIndicator[] {
  return indicators.filter((name) => !mainPaneIndicators.includes(name));
}

/** The id of an indicator's own pane. */
export function subPaneId(indicator: KlineIndicator): string {
  return `sub_pane_${indicator}`;
}

/**
 * The top of each sub-pane, in CSS pixels from the top of the chart: the panes follow the candle
 * pane in the order given, each after a separator. The legend strips are placed with it.
 */
export function subPaneTops(fullHeight: number, indicators: readonly KlineIndicator[]): number[] {
  const candleHeight = candlePaneHeight(fullHeight, indicators);
  return subPaneIndicators(indicators).map(
    (_, index) => candleHeight + separatorSize + index * (subPaneHeight + separatorSize),
  );
}

/**
 * The library's Chinese texts, for whatever it would print itself: the period names of the tooltip
 * title (日K, 周K, 月K, 分钟) and the labels of its OHLC legend. kline-setup turns those tooltips off
 * in favour of our DOM legend, so these are a safety net: nothing English can appear if a style is
 * turned back on. Registered over klinecharts' own zh-CN, whose day is 天 and minute empty.
 */
export const zhLocale: Locales = {
  time: '时间 ',
  open: '开 ',
  high: '高 ',
  low: '低 ',
  close: '收 ',
  volume: '成交量 ',
  change: '涨幅 ',
  turnover: '成交额 ',
  second: '秒',
  minute: '分钟',
  hour: '小时',
  day: '日K',
  week: '周K',
  month: '月K',
  year: '年K',
};

/**
 * klinecharts' big-number text (VOL axis, anything with shouldFormatBigNumber) in the app's units:
 * 万, 亿 and 万亿 instead of K, M and B. Its argument is the value already fixed to the indicator's
 * precision, as a string.
 */
export function bigNumberText(value: string | number): string {
  return formatAmount(value);
}

/** Registers the Chinese texts with the library; call once after importing it. */
export function configureLibrary(library: {
  registerLocale: (locale: string, texts: Locales) => void;
}): void {
  library.registerLocale('zh-CN', zhLocale);
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
 * No text of klinecharts' own over the plot: the candle tooltip (the '{ticker} · {period}' title and
 * the OHLC legend) and the indicator tooltips (MA5: …, VOL: …) are drawn at the top left of each pane,
 * over the candles and bars. Our DOM legend (kline-legend.ts) replaces them, outside the plot.
 */
const noLibraryLegends: DeepPartial<Styles> = {
  candle: { tooltip: { showRule: 'none', title: { show: false } } },
  indicator: { tooltip: { showRule: 'none', title: { show: false } } },
};

/**
 * The chart options. For the first paint of a chart with sub-panes the date axis starts hidden
 * (showFullLayout brings it back), because it sits below the sub-panes that come a frame later.
 */
export function klineOptions(palette: ChartPalette, firstPaint = false): Options {
  const styles = klineStyles(palette);
  styles.candle = { ...styles.candle, ...noLibraryLegends.candle };
  styles.indicator = { ...styles.indicator, ...noLibraryLegends.indicator };
  if (firstPaint) styles.xAxis = { ...styles.xAxis, show: false, size: 0 };
  return {
    locale: 'zh-CN',
    timezone: 'Asia/Shanghai',
    styles,
    formatter: { formatBigNumber: bigNumberText },
  };
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

/**
 * The date-axis ticks up to the last bar. klinecharts extends the dates past the last bar into the
 * empty space on the right (a daily chart's next days, a monthly chart's next months), which shows
 * dates that have not happened, such as a Saturday after a weekly bar; a tick is kept only when it
 * falls on a bar.
 */
export function ticksUpToLastBar(ticks: readonly AxisTick[], lastTimestamp: number | undefined): AxisTick[] {
  if (lastTimestamp === undefined) return [];
  return ticks.filter((tick) => Number(tick.value) <= lastTimestamp);
}

/**
 * Bars of one instrument: the precision is the number of price decimals shown, the period names the
 * bars (the axis writes months as 2026-11 and the crosshair dates a bar by its period). The ticker is
 * never drawn (the tooltip title is off) but klinecharts wants one.
 */
export function setSeries(chart: Chart, pricePrecision: number, period: KlinePeriod = 'day'): void {
  chart.setSymbol({ ticker: 'K线', pricePrecision, volumePrecision: 0 });
  chart.setPeriod({ type: period, span: 1 });
  chart.overrideXAxis({
    createTicks: ({ defaultTicks }) => ticksUpToLastBar(defaultTicks, chart.getDataList().at(-1)?.timestamp),
  });
}

/**
 * Creates the indicators (MA and BOLL on the candle pane, the others as sub-panes) and returns their
 * ids. A sub-pane is 72 px high and keeps its top band free for its legend strip.
 */
export function addIndicators(chart: Chart, indicators: readonly KlineIndicator[]): string[] {
  const ids: string[] = [];
  for (const name of indicators) {
    const main = mainPaneIndicators.includes(name);
    const id = main
      ? chart.createIndicator({ name, paneId: candlePaneId }, true)
      : chart.createIndicator({
          name,
          paneId: subPaneId(name),
          ...(name === 'VOL' ? {} : { precision: indicatorPrecision }),
        });
    if (id === null) continue;
    ids.push(id);
    if (main) continue;
    chart.setPaneOptions({ id: subPaneId(name), height: subPaneHeight });
    chart.overrideYAxis({ paneId: subPaneId(name), gap: subPaneGap() });
  }
  return ids;
}

/** Roughly the advance of a digit of the 12px axis text, in CSS pixels. */
const axisDigitWidth = 7;
/** The axis line, tick and text margins of the price axis, in CSS pixels. */
const axisChrome = 14;

/**
 * The width of the price axis: wide enough for the longest price label (the highest high, with
 * thousands separator), and never under seven characters, which covers the sub-panes' labels (VOL in
 * 万 or 亿 with its wide CJK unit: 123.5万; MACD, KDJ and RSI at two decimals: -12.34, 100.00).
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
  return axisChrome + axisDigitWidth * Math.max(label.length, 7);
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
