import type { StockCondition } from '@zhicai/contract';
import { figureText } from '../screen-draft.ts';

/**
 * A condition's distribution over the market as bars (its catalogue histogram); the buckets inside
 * the chosen bounds are drawn on, the rest dimmed, so the user sees what a bound keeps.
 */
export function DistributionBars({
  condition,
  left = null,
  right = null,
}: {
  condition: Pick<StockCondition, 'name' | 'histogram' | 'unit'>;
  left?: number | null;
  right?: number | null;
}) {
  const peak = Math.max(1, ...condition.histogram.map((bucket) => bucket.count));
  const first = condition.histogram[0];
  const last = condition.histogram.at(-1);
  if (!first || !last) return null;
  return (
    <figure className="distribution" aria-label={`${condition.name}分布`}>
      <div className="distribution__bars">
        {condition.histogram.map((bucket) => {
          const inside = (left === null || bucket.to > left) && (right === null || bucket.from < right);
          return (
            <span
              key={bucket.from}
              className={inside ? 'distribution__bar' : 'distribution__bar distribution__bar--out'}
              style={{ height: `${Math.max(4, (bucket.count / peak) * 100)}%` }}
              title={`${figureText(bucket.from, condition.unit)} – ${figureText(bucket.to, condition.unit)}：${bucket.count} 只`}
            />
          );
        })}
      </div>
      <figcaption className="distribution__axis">
        <span>{figureText(first.from, condition.unit)}</span>
        <span>{figureText(last.to, condition.unit)}</span>
      </figcaption>
    </figure>
  );
}
