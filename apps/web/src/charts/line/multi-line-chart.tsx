import { type DatedPoint, type LineSeries, multiLineGeometry } from './multi-line.ts';
import './multi-line-chart.css';

const width = 343;

export interface MultiLineChartProps {
  series: readonly LineSeries[];
  /** How each line's last value reads in the legend and the text alternative. */
  format: (value: number) => string;
  /** What the chart shows, for its accessible name: 区间涨跌幅, 累计收益… */
  label: string;
  height?: number;
}

function dayText(day: number | null): string {
  if (day === null) return '--';
  const text = String(day);
  return `${text.slice(0, 4)}-${text.slice(4, 6)}-${text.slice(6, 8)}`;
}

/**
 * Up to five lines in one small SVG, each in its series colour (not red/green: those mean up and down
 * here), with a legend naming each line and its last value.
 */
export function MultiLineChart({ series, format, label, height = 180 }: MultiLineChartProps) {
  const geometry = multiLineGeometry(series, width, height);
  const lastOf = (points: readonly DatedPoint[]) =>
    points.reduce<DatedPoint | null>((a, b) => (a === null || b.date > a.date ? b : a), null);
  const summary = series
    .map(
      (line) =>
        `${line.name} ${(() => {
          const last = lastOf(line.points);
          return last ? format(last.value) : '--';
        })()}`,
    )
    .join('，');
  return (
    <figure className="multi-line-chart">
      <svg
        viewBox={`0 0 ${width} ${height}`}
        className="multi-line-chart__svg"
        role="img"
        aria-label={`${label}：${dayText(geometry.firstDate)} 至 ${dayText(geometry.lastDate)}，${summary}`}
      >
        {geometry.zeroY !== null ? (
          <line
            x1={0}
            x2={width}
            y1={geometry.zeroY}
            y2={geometry.zeroY}
            className="multi-line-chart__zero"
          />
        ) : null}
        {geometry.lines.map((line, index) => (
          <path
            key={line.name}
            d={line.path}
            className={`multi-line-chart__line multi-line-chart__line--${index}`}
          />
        ))}
      </svg>
      <figcaption className="multi-line-chart__axis">
        <span>{dayText(geometry.firstDate)}</span>
        <span>{dayText(geometry.lastDate)}</span>
      </figcaption>
      <ul className="multi-line-chart__legend">
        {series.map((line, index) => {
          const last = lastOf(line.points);
          return (
            <li key={line.name}>
              <span
                className={`multi-line-chart__swatch multi-line-chart__swatch--${index}`}
                aria-hidden="true"
              />
              {line.name} <span className="multi-line-chart__value">{last ? format(last.value) : '--'}</span>
            </li>
          );
        })}
      </ul>
    </figure>
  );
}
