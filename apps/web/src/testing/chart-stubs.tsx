import type { IntradayChartProps } from '../charts/intraday/index.ts';
import type { KlineChartProps } from '../charts/kline/index.ts';
import type { ValuationChartProps } from '../charts/line/index.ts';

/**
 * Stand-ins for the canvas charts (jsdom has no canvas): each renders what it was given as text, so
 * tests can check the page hands the charts the right data.
 */
export function IntradayChartStub({ rows, prevClose, minutes, sessions = 1 }: IntradayChartProps) {
  const name = sessions === 1 ? '分时图' : `${sessions}日分时`;
  return (
    <div role="img" aria-label={`${name} ${rows.length} 分钟 昨收 ${prevClose} 共 ${minutes.length} 分钟`} />
  );
}

export function KlineChartStub({ bars, indicators = [] }: KlineChartProps) {
  const last = bars.at(-1);
  const first = bars[0];
  return (
    <div
      role="img"
      aria-label={`K线图 ${bars.length} 根 首收 ${first?.[5]?.toFixed(2)} 末收 ${last?.[5]?.toFixed(2)} 指标 ${indicators.join(',')}`}
    />
  );
}

export function ValuationChartStub({ points, references = [] }: ValuationChartProps) {
  return (
    <div
      role="img"
      aria-label={`估值图 ${points.length} 点 ${references.map((line) => line.label).join(',')}`}
    />
  );
}
