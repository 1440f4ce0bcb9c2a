import type { StockCondition } from '@zhicai/contract';
import { Slider } from '../../../../ui/antd/index.ts';
import { SegmentedGroup, SegmentedItem } from '../../../../ui/segmented/index.ts';
import { boundsText, type DraftCondition, roundForUnit } from '../screen-draft.ts';
import { DistributionBars } from './distribution-bars.tsx';

/** The unit as the inputs show it: amounts are typed in 亿 (yuan × 10^8). */
function inputScale(unit: string): { scale: number; suffix: string } {
  return unit === '元' ? { scale: 1e8, suffix: '亿' } : { scale: 1, suffix: unit };
}

function BoundInput({
  label,
  value,
  unit,
  onChange,
}: {
  label: string;
  value: number | null;
  unit: string;
  onChange: (value: number | null) => void;
}) {
  const { scale, suffix } = inputScale(unit);
  return (
    <label className="condition-card__bound">
      <input
        type="number"
        inputMode="decimal"
        aria-label={label}
        placeholder="不限"
        value={value === null ? '' : roundForUnit(value / scale, unit === '元' ? '' : unit)}
        onChange={(event) => {
          const text = event.target.value.trim();
          const number = Number(text);
          onChange(text === '' || !Number.isFinite(number) ? null : number * scale);
        }}
      />
      {suffix ? <span className="condition-card__unit">{suffix}</span> : null}
    </label>
  );
}

/**
 * One chosen condition in the editor: a range with its distribution, a slider over it (a thumb at
 * an end leaves that side open) and inputs for exact bounds; a flag as 是/否; a choice as options.
 */
export function ConditionCard({
  condition,
  draft,
  onChange,
  onRemove,
}: {
  condition: StockCondition;
  draft: DraftCondition;
  onChange: (draft: DraftCondition) => void;
  onRemove: () => void;
}) {
  const low = condition.histogram[0]?.from ?? condition.min ?? 0;
  const high = condition.histogram.at(-1)?.to ?? condition.max ?? 0;
  const step = high > low ? (high - low) / 100 : 1;
  const criterion = {
    kind: condition.kind,
    unit: condition.unit,
    left: draft.left,
    right: draft.right,
    options: condition.options.filter((option) => draft.values.includes(option.value)),
  };
  return (
    <section className="condition-card" aria-label={condition.name}>
      <header className="condition-card__head">
        <h3 className="condition-card__name">{condition.name}</h3>
        <span className="condition-card__bounds">{boundsText(criterion)}</span>
        <button
          type="button"
          className="condition-card__remove"
          aria-label={`移除${condition.name}`}
          onClick={onRemove}
        >
          ×
        </button>
      </header>
      <p className="condition-card__note">{condition.description}</p>
      {condition.kind === 'range' ? (
        <>
          <DistributionBars condition={condition} left={draft.left} right={draft.right} />
          {high > low ? (
            <Slider
              range
              min={low}
              max={high}
              step={step}
              value={[draft.left ?? low, draft.right ?? high]}
              onChange={(value) => {
                if (!Array.isArray(value)) return;
                const [from, to] = value as [number, number];
                onChange({
                  ...draft,
                  left: from <= low ? null : roundForUnit(from, condition.unit),
                  right: to >= high ? null : roundForUnit(to, condition.unit),
                });
              }}
            />
          ) : null}
          <div className="condition-card__inputs">
            <BoundInput
              label={`${condition.name}下限`}
              value={draft.left}
              unit={condition.unit}
              onChange={(left) => onChange({ ...draft, left })}
            />
            <span aria-hidden="true">–</span>
            <BoundInput
              label={`${condition.name}上限`}
              value={draft.right}
              unit={condition.unit}
              onChange={(right) => onChange({ ...draft, right })}
            />
          </div>
        </>
      ) : null}
      {condition.kind === 'flag' ? (
        <SegmentedGroup label={condition.name}>
          <SegmentedItem pressed={draft.left === 1} onClick={() => onChange({ ...draft, left: 1, right: 1 })}>
            是（{condition.options.find((option) => option.value === '1')?.count ?? 0} 只）
          </SegmentedItem>
          <SegmentedItem pressed={draft.left === 0} onClick={() => onChange({ ...draft, left: 0, right: 0 })}>
            否
          </SegmentedItem>
        </SegmentedGroup>
      ) : null}
      {condition.kind === 'choice' ? (
        <SegmentedGroup label={condition.name} className="condition-card__options">
          {condition.options.map((option) => {
            const on = draft.values.includes(option.value);
            return (
              <SegmentedItem
                key={option.value}
                pressed={on}
                onClick={() =>
                  onChange({
                    ...draft,
                    values: on
                      ? draft.values.filter((value) => value !== option.value)
                      : [...draft.values, option.value],
                  })
                }
              >
                {option.label}（{option.count}）
              </SegmentedItem>
            );
          })}
        </SegmentedGroup>
      ) : null}
    </section>
  );
}
