import type { FundCondition } from '@zhicai/contract';
import { useState } from 'react';
import { Slider } from '../../../../ui/antd/index.ts';
import { type DraftCondition, formatBounds } from '../fund-screen-draft.ts';

type RangeDraft = Extract<DraftCondition, { kind: 'range' }>;

/** The slider's span: the distribution's buckets (1st to 99th percentile), else min to max. */
function spanOf(entry: FundCondition): [number, number] {
  const first = entry.distribution[0];
  const last = entry.distribution.at(-1);
  if (first && last && first.left < last.right) return [first.left, last.right];
  return [entry.min ?? 0, entry.max ?? 0];
}

function parseInput(text: string): number | null {
  if (text.trim() === '') return null;
  const value = Number(text);
  return Number.isFinite(value) ? value : null;
}

/**
 * One range condition: its distribution as bars (the buckets inside the bounds lit), a two-thumb
 * slider over the distribution's span (a thumb at an end leaves that side open, 不限) and two inputs
 * for exact bounds, beyond the span too.
 */
export function RangeCondition({
  entry,
  condition,
  onChange,
}: {
  entry: FundCondition;
  condition: RangeDraft;
  onChange: (condition: RangeDraft) => void;
}) {
  const [low, high] = spanOf(entry);
  const step = 10 ** -entry.decimals;
  const peak = Math.max(1, ...entry.distribution.map((bucket) => bucket.count));
  const left = condition.left ?? Number.NEGATIVE_INFINITY;
  const right = condition.right ?? Number.POSITIVE_INFINITY;
  // The inputs keep what is typed until it is a number, so "-" or "1." can be typed on the way.
  const [typed, setTyped] = useState<{ left?: string; right?: string }>({});

  /** The input of one bound: 最低 for left, 最高 for right; empty is open (不限). */
  const bindInput = (side: 'left' | 'right') => {
    const label = side === 'left' ? '最低' : '最高';
    const bound = condition[side];
    return (
      <label>
        <span className="fund-range__label">
          {label}
          {entry.unit ? `（${entry.unit}）` : ''}
        </span>
        <input
          inputMode="decimal"
          placeholder="不限"
          aria-label={`${entry.name}${label}`}
          value={typed[side] ?? (bound === null ? '' : String(bound))}
          onChange={(event) => {
            const text = event.target.value;
            setTyped((current) => ({ ...current, [side]: text }));
            if (text.trim() === '' || parseInput(text) !== null)
              onChange({ ...condition, [side]: parseInput(text) });
          }}
        />
      </label>
    );
  };

  return (
    <div className="fund-range">
      <div className="fund-range__bars" aria-hidden="true">
        {entry.distribution.map((bucket) => (
          <span
            key={`${bucket.left}-${bucket.right}`}
            className={
              bucket.right >= left && bucket.left <= right
                ? 'fund-range__bar fund-range__bar--in'
                : 'fund-range__bar'
            }
            style={{ height: `${Math.max(4, (bucket.count / peak) * 100)}%` }}
          />
        ))}
      </div>
      {high > low ? (
        <Slider
          range
          min={low}
          max={high}
          step={step}
          value={[Math.max(low, Math.min(high, left)), Math.min(high, Math.max(low, right))]}
          onChange={(value) => {
            if (!Array.isArray(value)) return;
            const [from, to] = value;
            setTyped({});
            onChange({
              ...condition,
              left: from <= low ? null : Number(from.toFixed(entry.decimals)),
              right: to >= high ? null : Number(to.toFixed(entry.decimals)),
            });
          }}
        />
      ) : null}
      <div className="fund-range__inputs">
        {bindInput('left')}
        <span className="fund-range__dash">~</span>
        {bindInput('right')}
      </div>
      <p className="fund-range__note">
        当前：{formatBounds(condition, entry)} · 有数据 {entry.count} 只
      </p>
    </div>
  );
}
