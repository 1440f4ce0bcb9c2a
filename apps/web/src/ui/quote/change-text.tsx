import { formatPercent, formatPrice, type Tone, toneArrow, toneOfShown } from '@zhicai/domain';
import { toneClassName } from './tone.ts';
import './quote.css';

export interface ChangeTextProps {
  /** For `percent` a FRACTION (0.0123 shows +1.23%); for `change` the price change in yuan. */
  value: number | null | undefined;
  kind: 'percent' | 'change';
  className?: string;
}

/** The change as shown: '+1.23%' / '-1.23%' / '0.00%', or '+1.50' for a price change; '--' missing. */
export function formatChange(value: number | null | undefined, kind: ChangeTextProps['kind']): string {
  if (kind === 'percent') return formatPercent(value);
  const text = formatPrice(value);
  return typeof value === 'number' && Number(text) > 0 ? `+${text}` : text;
}

/** The tone of the text as shown: a change that rounds to zero reads flat, not up. */
export function toneOfChange(value: number | null | undefined, kind: ChangeTextProps['kind']): Tone {
  return toneOfShown(value, formatChange(value, kind));
}

/**
 * A signed change with ▲/▼ before it, red up, green down, grey flat (colour is never the only cue).
 * The arrow is hidden from screen readers, which read the sign.
 */
export function ChangeText({ value, kind, className }: ChangeTextProps) {
  const tone = toneOfChange(value, kind);
  const arrow = toneArrow[tone];
  return (
    <span className={[toneClassName(tone), className].filter(Boolean).join(' ')} data-tone={tone}>
      {arrow ? (
        <span className="quote-tone__arrow" aria-hidden="true">
          {arrow}
        </span>
      ) : null}
      {formatChange(value, kind)}
    </span>
  );
}
