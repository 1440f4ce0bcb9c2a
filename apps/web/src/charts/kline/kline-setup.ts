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
    xAxis: axis,
    yAxis: axis,
    separator: { color: palette.grid },
  };
}

export function klineOptions(palette: ChartPalette): Options {
  return { locale: 'zh-CN', timezone: 'Asia/Shanghai', styles: klineStyles(palette) };
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

/**
 * Hands the candles to the chart. klinecharts 10 takes data only through a data loader; this one
 * answers the initial request synchronously with all the bars and reports that there is no more.
 */
export function applyCandles(chart: Chart, candles: Candle[]): void {
  chart.setDataLoader({ getBars: ({ callback }) => callback(candles, false) });
}

/**
 * Calls back with the time of the first frame drawn after data was applied. klinecharts lays out in
 * a microtask and schedules its canvas draw with requestAnimationFrame; waiting one task first puts
 * this frame callback after the chart's own, so it runs right after the chart has drawn.
 */
export function afterNextDraw(callback: (now: number) => void): () => void {
  let frame = 0;
  const timer = window.setTimeout(() => {
    frame = window.requestAnimationFrame(() => callback(performance.now()));
  }, 0);
  return () => {
    window.clearTimeout(timer);
    window.cancelAnimationFrame(frame);
  };
}
