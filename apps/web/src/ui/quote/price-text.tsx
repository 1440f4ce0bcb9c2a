import { formatPrice, formatQuotePrice, type InstrumentType, toneAgainst } from '@zhicai/domain';
import { toneClassName } from './tone.ts';
import './quote.css';

export interface PriceTextProps {
  /** The price in the instrument's currency; null or undefined shows '--'. */
  value: number | null | undefined;
  /** Coloured red above it, green below, grey at it; uncoloured grey without one. */
  prevClose?: number | null | undefined;
  /** Sets the tick the price shows at (ETFs 3 decimals, Hong Kong by its spread table); A-share without. */
  type?: InstrumentType | null | undefined;
  /** Spec 1 §5's significant-digit form for dense tiles and axes ('1521', '12.5') instead of the tick. */
  compact?: boolean;
  className?: string;
}

/** The text of a price: at the instrument's tick, or in spec 1 §5's compact form. */
export function priceTextOf(
  value: number | null | undefined,
  type: InstrumentType | null | undefined,
  compact = false,
): string {
  return compact ? formatPrice(value) : formatQuotePrice(value, type ?? undefined);
}

/**
 * A price at the instrument's tick (docs/price-formatting.md), coloured by its comparison with the
 * previous close.
 */
export function PriceText({ value, prevClose, type, compact, className }: PriceTextProps) {
  const text = priceTextOf(value, type, compact);
  // Compared as shown, so a price that rounds to the previous close reads flat.
  const tone = toneAgainst(text, priceTextOf(prevClose, type, compact));
  return (
    <span className={[toneClassName(tone), className].filter(Boolean).join(' ')} data-tone={tone}>
      {text}
    </span>
  );
}
