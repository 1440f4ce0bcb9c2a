import {
  formatPercent,
  formatPrice,
  formatQuoteChange,
  type InstrumentType,
  type Tone,
  toneArrow,
  toneOfShown,
} from '@zhicai/domain';
import { toneClassName } from './tone.ts';
import './quote.css';

export interface ChangeTextProps {
  /** For `percent` a FRACTION (0.0123 shows +1.23%); for `change` the price change in yuan. */
  value: number | null | undefined;
  kind: 'percent' | 'change';
  /** For `change`: the instrument, so the change shows at its price's tick (ETFs 3 decimals). */
  type?: InstrumentType | null | undefined;
  /** For `change` of a Hong Kong share: the price, whose spread-table step sets the decimals. */
  price?: number | null | undefined;
  /** For `change`: spec 1 §5's compact form ('+20.5') for dense tiles instead of the tick. */
  compact?: boolean;
  className?: string;
}

/** How a `change` is shown: at the tick of an instrument (the default, an A-share) or compact. */
export interface ChangeFormat {
  type?: InstrumentType | null | undefined;
  price?: number | null | undefined;
  compact?: boolean | undefined;
}

/**
 * The change as shown: '+1.23%' / '-1.23%' / '0.00%', or '+1.50' for a price change at the
 * instrument's tick ('+0.005' for an ETF); '--' missing.
 */
export function formatChange(
  value: number | null | undefined,
  kind: ChangeTextProps['kind'],
  format: ChangeFormat = {},
): string {
  if (kind === 'percent') return formatPercent(value);
  if (!format.compact) return formatQuoteChange(value, format.type ?? undefined, format.price);
  const text = formatPrice(value);
  return typeof value === 'number' && Number(text) > 0 ? `+${text}` : text;
}

/** The tone of the text as shown: a change that rounds to zero reads flat, not up. */
export function toneOfChange(
  value: number | null | undefined,
  kind: ChangeTextProps['kind'],
  format: ChangeFormat = {},
): Tone {
  return toneOfShown(value, formatChange(value, kind, format));
}

/**
 * A signed change with ▲/▼ before it, red up, green down, grey flat (colour is never the only cue).
 * The arrow is hidden from screen readers, which read the sign.
 */
export function ChangeText({ value, kind, type, price, compact, className }: ChangeTextProps) {
  const format = { type, price, compact };
  const tone = toneOfChange(value, kind, format);
  const arrow = toneArrow[tone];
  return (
    <span className={[toneClassName(tone), className].filter(Boolean).join(' ')} data-tone={tone}>
      {arrow ? (
        <span className="quote-tone__arrow" aria-hidden="true">
          {arrow}
        </span>
      ) : null}
      {formatChange(value, kind, format)}
    </span>
  );
}
