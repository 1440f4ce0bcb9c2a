import { formatPercent, toneOfShown } from '@zhicai/domain';
import { formatDay, formatNav, lineGeometry, type NavChartMode, type NavPoint } from '../fund-rules.ts';

const width = 343;
const height = 160;

/**
 * The NAV line as a small SVG: cumulative return since the range start (or the unit NAV), with the
 * final value labelled. The accessible name states the range and the final figure.
 */
export function NavChart({ points, mode }: { points: readonly NavPoint[]; mode: NavChartMode }) {
  const geometry = lineGeometry(points, width, height);
  const format = (value: number) => (mode === 'return' ? formatPercent(value) : formatNav(value));
  const first = points[0];
  const last = geometry.last;
  // A return is coloured like any change; a NAV is a level, drawn in the brand colour.
  const tone = mode === 'return' && last ? toneOfShown(last.value, format(last.value)) : 'brand';
  const label = last
    ? `${formatDay(first?.date)} 至 ${formatDay(points[points.length - 1]?.date)}，${mode === 'return' ? '区间收益' : '单位净值'} ${format(last.value)}`
    : '暂无净值数据';
  return (
    <figure className="nav-chart">
      <svg viewBox={`0 0 ${width} ${height}`} className="nav-chart__svg" role="img" aria-label={label}>
        {geometry.zeroY !== null ? (
          <line x1={0} x2={width} y1={geometry.zeroY} y2={geometry.zeroY} className="nav-chart__zero" />
        ) : null}
        <path d={geometry.path} className={`nav-chart__line nav-chart__line--${tone}`} />
        {last ? (
          <>
            <circle cx={last.x} cy={last.y} r={3} className={`nav-chart__dot nav-chart__dot--${tone}`} />
            <text
              x={last.x - 6}
              y={Math.max(12, last.y - 8)}
              textAnchor="end"
              className={`nav-chart__label nav-chart__label--${tone}`}
            >
              {format(last.value)}
            </text>
          </>
        ) : null}
      </svg>
      <figcaption className="nav-chart__axis">
        <span>{formatDay(first?.date)}</span>
        <span>{formatDay(points[points.length - 1]?.date)}</span>
      </figcaption>
    </figure>
  );
}
