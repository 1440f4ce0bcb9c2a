import type { Chart } from 'klinecharts';
import { useEffect, useMemo, useRef, useState } from 'react';
import { readPalette } from '../canvas/canvas.ts';
import { type DayBarRow, klineSummary, toCandles } from './day-bar.ts';
import {
  addIndicators,
  afterNextDraw,
  applyCandles,
  candlePaneIndicators,
  compactForFirstPaint,
  defaultIndicators,
  type KlineIndicator,
  klineOptions,
  setSeries,
  showFullLayout,
  subPaneIndicators,
} from './kline-setup.ts';
import './kline-chart.css';

export interface KlineChartProps {
  /** Daily bars, already adjusted and aggregated (week, month) by the caller; suspended days are skipped. */
  bars: readonly DayBarRow[];
  /** MA is drawn on the candles, VOL and MACD as panes below, in the given order. Default all three. */
  indicators?: readonly KlineIndicator[];
  /** Total height in CSS pixels, sub-panes included. Default 360. */
  height?: number;
  /** Price decimals on the axis and tooltip. Default 2 (stocks); funds use 3. */
  pricePrecision?: number;
  /**
   * Milliseconds from the first bars being applied to the first frame that shows them being rendered
   * (the candle pane; the sub-panes follow a frame later); called once.
   */
  onFirstFrame?: (ms: number) => void;
}

/**
 * A daily K-line on klinecharts. The library is imported on mount, never statically, so it only
 * lands in the chunks of pages that draw a K-line (CONVENTIONS habit 10); a placeholder stands in
 * until it has loaded. The first paint is staged (kline-setup.ts, compactForFirstPaint): the candle
 * pane first, the VOL and MACD panes and the date axis in the frame after.
 */
export function KlineChart({
  bars,
  indicators = defaultIndicators,
  height = 360,
  pricePrecision = 2,
  onFirstFrame,
}: KlineChartProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const [chart, setChart] = useState<Chart | null>(null);
  const [failed, setFailed] = useState(false);
  /** False until the first frame with candles has been drawn; the sub-panes wait for it. */
  const [fullLayout, setFullLayout] = useState(false);
  const restoreContainer = useRef<(() => void) | null>(null);
  const candles = useMemo(() => toCandles(bars), [bars]);
  const onFirstFrameRef = useRef(onFirstFrame);
  useEffect(() => {
    onFirstFrameRef.current = onFirstFrame;
  });
  const firstFrameReported = useRef(false);
  const initialIndicators = useRef(indicators);
  const mainKey = candlePaneIndicators(indicators).join(',');
  const subKey = subPaneIndicators(indicators).join(',');

  useEffect(() => {
    let cancelled = false;
    let dispose: (() => void) | null = null;
    import('klinecharts').then(
      (klinecharts) => {
        const container = containerRef.current;
        if (cancelled || !container) return;
        const restore = compactForFirstPaint(container, initialIndicators.current);
        const instance = klinecharts.init(container, klineOptions(readPalette(container), restore !== null));
        if (!instance) {
          restore?.();
          return;
        }
        restoreContainer.current = restore;
        dispose = () => klinecharts.dispose(instance);
        setChart(instance);
      },
      () => {
        if (!cancelled) setFailed(true);
      },
    );
    return () => {
      cancelled = true;
      dispose?.();
      restoreContainer.current?.();
      restoreContainer.current = null;
      setChart(null);
      setFullLayout(false);
    };
  }, []);

  useEffect(() => {
    if (chart) setSeries(chart, pricePrecision);
  }, [chart, pricePrecision]);

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

  useEffect(() => {
    if (!chart) return;
    const appliedAt = performance.now();
    applyCandles(chart, candles);
    if (firstFrameReported.current) return;
    if (candles.length === 0) {
      setFullLayout(true);
      return;
    }
    return afterNextDraw((now) => {
      firstFrameReported.current = true;
      onFirstFrameRef.current?.(now - appliedAt);
      setFullLayout(true);
    });
  }, [chart, candles]);

  return (
    // klinecharts follows the container's size itself (it observes it with a ResizeObserver).
    <div className="kline-chart" style={{ height }} role="img" aria-label={klineSummary(candles)}>
      <div ref={containerRef} className="kline-chart__canvas" aria-hidden="true" />
      {chart ? null : (
        <div className="kline-chart__placeholder" aria-hidden="true">
          {failed ? 'K线加载失败' : 'K线加载中…'}
        </div>
      )}
    </div>
  );
}
