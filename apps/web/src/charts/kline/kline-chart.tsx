import type { Chart, Point } from 'klinecharts';
import { type CSSProperties, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { readPalette } from '../canvas/canvas.ts';
import { type DayBarRow, klineSummary, toCandles, type VolumeUnit } from './day-bar.ts';
import {
  candleLegend,
  indicatorLegend,
  indicatorSeries,
  type KlinePeriod,
  type LegendItem,
  type LegendOptions,
} from './kline-legend.ts';
import { showKlinePreview } from './kline-preview.ts';
import {
  addIndicators,
  afterNextDraw,
  applyCandles,
  candlePaneIndicators,
  compactForFirstPaint,
  configureLibrary,
  defaultIndicators,
  type KlineIndicator,
  klineOptions,
  priceAxisWidth,
  setSeries,
  showFullLayout,
  subPaneIndicators,
  subPaneLegendHeight,
  subPaneTops,
} from './kline-setup.ts';
import './kline-chart.css';

export interface KlineChartProps {
  /** Daily bars, already adjusted and aggregated (week, month) by the caller; suspended days are skipped. */
  bars: readonly DayBarRow[];
  /**
   * MA and BOLL are drawn on the candles, VOL, MACD, KDJ and RSI as panes below, in the given order.
   * Default MA, VOL and MACD.
   */
  indicators?: readonly KlineIndicator[];
  /** What one bar spans: the date axis and the legend date bars by it. Default day. */
  period?: KlinePeriod;
  /** The unit volumes are shown in: 手 (lot, A-shares) or 股 (share). Default share. */
  volumeUnit?: VolumeUnit;
  /** Height of the plot in CSS pixels, sub-panes and date axis included (the legend is above it). Default 360. */
  height?: number;
  /** Price decimals on the axis and in the legend. Default 2 (stocks); funds use 3. */
  pricePrecision?: number;
  /**
   * Milliseconds from the first bars being applied to the rendering of the first frame that shows
   * them: the preview's (kline-preview.ts), or klinecharts' own when no preview could be drawn;
   * called once.
   */
  onFirstFrame?: (ms: number) => void;
}

/**
 * A daily K-line on klinecharts. The library is imported on mount, never statically, so it only
 * lands in the chunks of pages that draw a K-line (CONVENTIONS habit 10). Issue 4's first-frame
 * budget (150 ms at 4× CPU) is out of reach of a cold klinecharts, so the candle pane is first drawn
 * by our own preview (kline-preview.ts) at klinecharts' exact geometry, as soon as the bars are
 * known and while the library may still be loading. klinecharts is initialised once the preview's
 * frame is on screen, draws its candle pane under the preview, and the preview is removed once that
 * frame has been rendered; the VOL and MACD panes and the date axis come in the same step
 * (compactForFirstPaint). A placeholder stands in when there is nothing to preview.
 *
 * klinecharts draws no text over the plot (issue 15): the bar's figures and the MA/BOLL values are a
 * DOM legend above the plot, and each sub-pane's values a strip in the band its y-axis keeps free
 * (kline-legend.ts, kline-setup.ts). The legend shows the last bar, or the bar under the crosshair.
 */
export function KlineChart({
  bars,
  indicators = defaultIndicators,
  period = 'day',
  volumeUnit = 'share',
  height = 360,
  pricePrecision = 2,
  onFirstFrame,
}: KlineChartProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const previewRef = useRef<HTMLCanvasElement>(null);
  const [library, setLibrary] = useState<typeof import('klinecharts') | null>(null);
  const [chart, setChart] = useState<Chart | null>(null);
  const [failed, setFailed] = useState(false);
  /** Whether the last preview draw succeeded (false in jsdom, with no candles or no size). */
  const [previewDrawn, setPreviewDrawn] = useState(false);
  /** False until the preview's first frame has been rendered (or there is no preview); klinecharts waits for it. */
  const [previewSettled, setPreviewSettled] = useState(false);
  /** False until klinecharts' first frame with candles has been drawn; the sub-panes wait for it. */
  const [fullLayout, setFullLayout] = useState(false);
  const restoreContainer = useRef<(() => void) | null>(null);
  const candles = useMemo(() => toCandles(bars, volumeUnit), [bars, volumeUnit]);
  /** The bar under the crosshair, or null for the last bar; new bars (another period) start unpointed. */
  const [pointed, setPointed] = useState<number | null>(null);
  const [pointedCandles, setPointedCandles] = useState(candles);
  if (pointedCandles !== candles) {
    setPointedCandles(candles);
    setPointed(null);
  }
  const onFirstFrameRef = useRef(onFirstFrame);
  useEffect(() => {
    onFirstFrameRef.current = onFirstFrame;
  });
  const firstFrameReported = useRef(false);
  /** Set with fullLayout, read by the effect that applies the candles. */
  const handedOver = useRef(false);
  const initialIndicators = useRef(indicators);
  const mainKey = candlePaneIndicators(indicators).join(',');
  const subKey = subPaneIndicators(indicators).join(',');

  useEffect(() => {
    let cancelled = false;
    import('klinecharts').then(
      (klinecharts) => {
        configureLibrary(klinecharts);
        if (!cancelled) setLibrary(klinecharts);
      },
      () => {
        if (!cancelled) setFailed(true);
      },
    );
    return () => {
      cancelled = true;
    };
  }, []);

  // The preview, drawn before the browser paints this commit. It follows the bars until klinecharts
  // takes over; the first time, the time to its rendered frame is the first-frame figure, and
  // klinecharts starts only then, so its setup cannot delay that frame.
  useLayoutEffect(() => {
    const canvas = previewRef.current;
    const container = containerRef.current;
    if (fullLayout || !canvas || !container) return;
    const drawnAt = performance.now();
    const drawn = showKlinePreview(canvas, container, candles, {
      indicators: initialIndicators.current,
      pricePrecision,
      palette: readPalette(container),
    });
    setPreviewDrawn(drawn);
    if (!drawn || firstFrameReported.current) {
      setPreviewSettled(true);
      return;
    }
    return afterNextDraw((now) => {
      firstFrameReported.current = true;
      onFirstFrameRef.current?.(now - drawnAt);
      setPreviewSettled(true);
    });
  }, [candles, pricePrecision, fullLayout]);

  useEffect(() => {
    const container = containerRef.current;
    if (!library || !previewSettled || !container) return;
    const restore = compactForFirstPaint(container, initialIndicators.current);
    let instance: Chart | null;
    try {
      instance = library.init(container, klineOptions(readPalette(container), restore !== null));
    } catch {
      // klinecharts measures its axis text on a 2D context while it lays out, and throws where the
      // browser gives none (a locked-down webview; jsdom): the chart says it failed instead.
      restore?.();
      setFailed(true);
      return;
    }
    if (!instance) {
      restore?.();
      return;
    }
    restoreContainer.current = restore;
    setChart(instance);
    return () => {
      library.dispose(instance);
      restoreContainer.current?.();
      restoreContainer.current = null;
      setChart(null);
      handedOver.current = false;
      setFullLayout(false);
    };
  }, [library, previewSettled]);

  useEffect(() => {
    if (chart) setSeries(chart, pricePrecision, period);
  }, [chart, pricePrecision, period]);

  // The legend follows the crosshair; klinecharts reports its position, not the bar, so the bar is
  // read back from the x.
  useEffect(() => {
    if (!chart) return;
    const follow = (data?: unknown) => {
      const x = (data as { x?: number } | undefined)?.x;
      if (x === undefined) return;
      const point = chart.convertFromPixel([{ x }], { paneId: 'candle_pane' }) as Partial<Point>[];
      const index = point[0]?.dataIndex;
      if (index !== undefined) setPointed(index);
    };
    chart.subscribeAction('onCrosshairChange', follow);
    return () => chart.unsubscribeAction('onCrosshairChange', follow);
  }, [chart]);

  useEffect(() => {
    if (!chart || mainKey === '') return;
    const ids = addIndicators(chart, mainKey.split(',') as KlineIndicator[]);
    return () => {
      for (const id of ids) chart.removeIndicator({ id });
    };
  }, [chart, mainKey]);

  useEffect(() => {
    if (!chart || !fullLayout) return;
    const restore = restoreContainer.current;
    if (restore) {
      restoreContainer.current = null;
      showFullLayout(chart, restore);
    }
  }, [chart, fullLayout]);

  useEffect(() => {
    if (!chart || !fullLayout || subKey === '') return;
    const ids = addIndicators(chart, subKey.split(',') as KlineIndicator[]);
    return () => {
      for (const id of ids) chart.removeIndicator({ id });
    };
  }, [chart, fullLayout, subKey]);

  // klinecharts' first frame with candles: the preview goes and the sub-panes come (fullLayout).
  useEffect(() => {
    if (!chart) return;
    const appliedAt = performance.now();
    applyCandles(chart, candles);
    if (handedOver.current) return;
    const handOver = () => {
      handedOver.current = true;
      setFullLayout(true);
    };
    if (candles.length === 0) {
      handOver();
      return;
    }
    return afterNextDraw((now) => {
      if (!firstFrameReported.current) {
        firstFrameReported.current = true;
        onFirstFrameRef.current?.(now - appliedAt);
      }
      handOver();
    });
  }, [chart, candles]);

  const indicatorKey = indicators.join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key stands for the indicator list
  const series = useMemo(() => indicatorSeries(candles, indicators), [candles, indicatorKey]);
  const legendOptions: LegendOptions = { pricePrecision, volumeUnit, period };
  const barIndex = pointed === null ? candles.length - 1 : Math.min(Math.max(pointed, 0), candles.length - 1);
  const mainIndicators = candlePaneIndicators(indicators);
  const subIndicators = subPaneIndicators(indicators);
  const subTops = subPaneTops(height, indicators);
  // The strips end where the price axis begins, so a long legend is cut rather than run over the axis.
  const axisWidth = priceAxisWidth(candles, pricePrecision);

  return (
    // A mouse leaving the chart hands the legend back to the last bar. A finger lifting does not:
    // klinecharts keeps its crosshair on the touched bar, and the legend stays with it.
    <div
      className="kline-chart"
      onPointerLeave={(event) => {
        if (event.pointerType === 'mouse') setPointed(null);
      }}
    >
      <div className="kline-chart__legend" data-testid="kline-legend">
        <LegendLine
          className="kline-chart__legend-bar"
          items={candleLegend(candles, barIndex, legendOptions)}
        />
        <LegendLine
          className="kline-chart__legend-main"
          items={mainIndicators.flatMap((name) =>
            indicatorLegend(name, series, candles, barIndex, legendOptions),
          )}
        />
      </div>
      {/* klinecharts follows the container's size itself (it observes it with a ResizeObserver). */}
      <div className="kline-chart__plot" style={{ height }} role="img" aria-label={klineSummary(candles)}>
        <div ref={containerRef} className="kline-chart__canvas" aria-hidden="true" />
        {fullLayout
          ? subIndicators.map((name, index) => (
              <LegendLine
                key={name}
                className="kline-chart__legend-pane"
                style={{ top: subTops[index], height: subPaneLegendHeight, right: axisWidth }}
                items={indicatorLegend(name, series, candles, barIndex, legendOptions)}
              />
            ))
          : null}
        {fullLayout ? null : (
          <canvas ref={previewRef} className="kline-chart__preview" hidden={!previewDrawn} />
        )}
        {failed || (!chart && !previewDrawn) ? (
          <div className="kline-chart__placeholder" aria-hidden="true">
            {failed ? 'K线加载失败' : 'K线加载中…'}
          </div>
        ) : null}
      </div>
    </div>
  );
}

/** One line of legend: each figure as its label and value, in its line colour or tone. */
function LegendLine({
  items,
  className,
  style,
}: {
  items: readonly LegendItem[];
  className: string;
  style?: CSSProperties;
}) {
  return (
    <div className={`kline-chart__legend-line ${className}`} style={style}>
      {items.map((item) => (
        <span
          key={item.label === '' ? `value:${item.value}` : item.label}
          className="kline-chart__legend-item"
          data-tone={item.tone}
          style={item.color ? { color: item.color } : undefined}
        >
          {/* A real space, so RSI6 and its value never read as one number (RSI661.38). */}
          {item.label === '' ? null : <span className="kline-chart__legend-label">{item.label} </span>}
          {item.value}
        </span>
      ))}
    </div>
  );
}
