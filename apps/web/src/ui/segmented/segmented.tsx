import type { ReactNode } from 'react';
import './segmented.css';

/** A row of small pressable choices; each item says by aria-pressed whether it is on. */
export function SegmentedGroup({
  label,
  className,
  children,
}: {
  /** The group's accessible name (复权, 指标, 排序). */
  label: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <fieldset className={['segmented', className].filter(Boolean).join(' ')} aria-label={label}>
      {children}
    </fieldset>
  );
}

export function SegmentedItem({
  pressed,
  onClick,
  children,
}: {
  pressed: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button type="button" className="segmented__item" aria-pressed={pressed} onClick={onClick}>
      {children}
    </button>
  );
}

export interface SegmentedOption<V extends string> {
  value: V;
  label: ReactNode;
}

/**
 * One choice out of a few (PE | PB, 3Y | 5Y | 10Y), as radio-like buttons. Pressing the chosen one
 * calls onChange again, which lets a caller turn a second press into something else (a sort order).
 */
export function Segmented<V extends string>({
  label,
  options,
  value,
  onChange,
  className,
}: {
  label: string;
  options: readonly SegmentedOption<V>[];
  value: V;
  onChange: (value: V) => void;
  className?: string;
}) {
  return (
    <SegmentedGroup label={label} className={className}>
      {options.map((option) => (
        <SegmentedItem
          key={option.value}
          pressed={option.value === value}
          onClick={() => onChange(option.value)}
        >
          {option.label}
        </SegmentedItem>
      ))}
    </SegmentedGroup>
  );
}
