import type { FundCondition } from '@zhicai/contract';
import { useState } from 'react';
import type { FundCatalogue } from '../api/fund-select-info.ts';
import { type DraftCondition, type FundScreenDraft, newCondition } from '../fund-screen-draft.ts';
import { RangeCondition } from './range-condition.tsx';

/**
 * The fund condition editor: the catalogue's groups as tabs, each condition a toggle that adds it
 * to the screen or takes it off, and the chosen conditions in order, each with its own control.
 */
export function ConditionEditor({
  catalogue,
  draft,
  onChange,
}: {
  catalogue: FundCatalogue;
  draft: FundScreenDraft;
  onChange: (draft: FundScreenDraft) => void;
}) {
  const [groupKey, setGroupKey] = useState(catalogue.groups[0]?.key ?? '');
  const group = catalogue.groups.find((entry) => entry.key === groupKey) ?? catalogue.groups[0];
  const entries = new Map(
    catalogue.groups.flatMap((entry) => entry.conditions).map((condition) => [condition.flag, condition]),
  );
  const chosen = new Set(draft.map((condition) => condition.flag));

  const toggle = (entry: FundCondition) =>
    onChange(
      chosen.has(entry.flag)
        ? draft.filter((condition) => condition.flag !== entry.flag)
        : [...draft, newCondition(entry)],
    );
  const replace = (next: DraftCondition) =>
    onChange(draft.map((condition) => (condition.flag === next.flag ? next : condition)));

  return (
    <div className="fund-editor">
      <div className="fund-editor__groups" role="tablist" aria-label="条件分组">
        {catalogue.groups.map((entry) => (
          <button
            key={entry.key}
            type="button"
            role="tab"
            aria-selected={entry.key === group?.key}
            className="fund-editor__group"
            onClick={() => setGroupKey(entry.key)}
          >
            {entry.name}
          </button>
        ))}
      </div>
      <fieldset className="fund-editor__picks" aria-label={`${group?.name ?? ''}条件`}>
        {group?.conditions.map((entry) => (
          <button
            key={entry.flag}
            type="button"
            aria-pressed={chosen.has(entry.flag)}
            className="fund-chip"
            onClick={() => toggle(entry)}
          >
            {entry.name}
          </button>
        ))}
      </fieldset>
      {draft.length === 0 ? <p className="fund-editor__hint">从上方选择条件，开始筛选基金</p> : null}
      <ol className="fund-editor__chosen" aria-label="已选条件">
        {draft.map((condition) => {
          const entry = entries.get(condition.flag);
          if (!entry) return null;
          return (
            <li key={condition.flag} className="fund-editor__card">
              <div className="fund-editor__card-head">
                <strong>{entry.name}</strong>
                <button
                  type="button"
                  className="fund-editor__remove"
                  aria-label={`删除条件${entry.name}`}
                  onClick={() => toggle(entry)}
                >
                  删除
                </button>
              </div>
              <p className="fund-editor__description">{entry.description}</p>
              {condition.kind === 'range' ? (
                <RangeCondition entry={entry} condition={condition} onChange={replace} />
              ) : (
                <fieldset className="fund-editor__options" aria-label={`${entry.name}选项`}>
                  {entry.options.map((option) => {
                    const picked = condition.values.includes(option.value);
                    return (
                      <button
                        key={option.value}
                        type="button"
                        aria-pressed={picked}
                        className="fund-chip"
                        onClick={() =>
                          replace({
                            ...condition,
                            values: picked
                              ? condition.values.filter((value) => value !== option.value)
                              : [...condition.values, option.value],
                          })
                        }
                      >
                        {option.label}
                        <span className="fund-chip__count">{option.count}</span>
                      </button>
                    );
                  })}
                </fieldset>
              )}
            </li>
          );
        })}
      </ol>
    </div>
  );
}
