import { formatPrice } from '@zhicai/domain';
import { useMemo } from 'react';
import { type FiveDayRow, fiveDayLayout } from '../five-day-geometry.ts';

const viewWidth = 350;

/** The last five sessions' minute prices side by side on one axis, as an SVG (no canvas needed). */
export function FiveDayChart({
  rows,
  minutes,
  height = 200,
}: {
  rows: readonly FiveDayRow[];
  minutes: readonly number[];
  height?: number;
}) {
  const plotHeight = height - 18;
  const layout = useMemo(
    () => fiveDayLayout(rows, minutes, viewWidth, plotHeight),
    [rows, minutes, plotHeight],
  );
  const summary = `五日分时，最高 ${formatPrice(layout.high)}，最低 ${formatPrice(layout.low)}`;
  return (
    <svg
      className="five-day-chart"
      viewBox={`0 0 ${viewWidth} ${height}`}
      width="100%"
      height={height}
      role="img"
      aria-label={summary}
      preserveAspectRatio="none"
    >
      <line
        x1={0}
        x2={viewWidth}
        y1={layout.baselineY}
        y2={layout.baselineY}
        className="five-day-chart__baseline"
        strokeDasharray="4 3"
      />
      {layout.separators.map((x) => (
        <line key={x} x1={x} x2={x} y1={0} y2={plotHeight} className="five-day-chart__grid" />
      ))}
      {layout.lines.map((points, day) => (
        <polyline
          key={layout.days[day]?.text ?? day}
          points={points}
          className="five-day-chart__line"
          fill="none"
        />
      ))}
      {layout.days.map((label) => (
        <text
          key={label.text}
          x={label.x}
          y={height - 4}
          textAnchor="middle"
          className="five-day-chart__label"
        >
          {label.text}
        </text>
      ))}
    </svg>
  );
}
