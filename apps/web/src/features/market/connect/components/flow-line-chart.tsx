import './flow-line-chart.css';

export interface FlowLine {
  name: string;
  /** The values, one per point, in order. */
  values: readonly number[];
  /** A CSS colour class: the total is drawn strong, channels lighter. */
  tone: 'total' | 'first' | 'second';
}

const width = 320;
const height = 140;
const pad = 6;

/**
 * Net inflow lines (yuan) over minutes or days, on one scale with the zero line: above it money
 * flowed in. Drawn as SVG so it scales with the page; the labels under it name the first and last
 * point, and the text alternative gives each line's last value.
 */
export function FlowLineChart({
  lines,
  labels,
  label,
  format,
}: {
  lines: readonly FlowLine[];
  /** The first and last point's labels (09:30 / 15:00, or the first and last day). */
  labels: readonly [string, string];
  /** What is drawn, for the text alternative. */
  label: string;
  format: (value: number) => string;
}) {
  const values = lines.flatMap((line) => line.values);
  const count = Math.max(0, ...lines.map((line) => line.values.length));
  const max = Math.max(0, ...values);
  const min = Math.min(0, ...values);
  const span = max - min || 1;
  const yOf = (value: number) => pad + ((max - value) / span) * (height - 2 * pad);
  const xOf = (index: number) => (count <= 1 ? width / 2 : (index / (count - 1)) * width);
  const summary = `${label}：${lines
    .map((line) => `${line.name} ${line.values.length > 0 ? format(line.values.at(-1) as number) : '--'}`)
    .join('，')}`;
  return (
    <figure className="flow-chart">
      <svg viewBox={`0 0 ${width} ${height}`} preserveAspectRatio="none" role="img" aria-label={summary}>
        <line className="flow-chart__zero" x1={0} x2={width} y1={yOf(0)} y2={yOf(0)} />
        {lines.map((line) => (
          <polyline
            key={line.name}
            className={`flow-chart__line flow-chart__line--${line.tone}`}
            points={line.values.map((value, index) => `${xOf(index)},${yOf(value)}`).join(' ')}
          />
        ))}
      </svg>
      <figcaption className="flow-chart__caption">
        <span>{labels[0]}</span>
        <span className="flow-chart__legend">
          {lines.map((line) => (
            <span key={line.name} className={`flow-chart__key flow-chart__key--${line.tone}`}>
              {line.name}
            </span>
          ))}
        </span>
        <span>{labels[1]}</span>
      </figcaption>
    </figure>
  );
}
