import { formatPrice, toneAgainst } from '@zhicai/domain';
import { toneClassName } from './tone.ts';
import './quote.css';

export interface PriceTextProps {
  /** The price in the instrument's currency; null or undefined shows '--'. */
  value: number | null | undefined;
  /** Coloured red above it, green below, grey at it; uncoloured grey without one. */
  prevClose?: number | null | undefined;
  className?: string;
}

/** A price, formatted by spec 1 §5 and coloured by its comparison with the previous close. */
export function PriceText({ value, prevClose, className }: PriceTextProps) {
  const text = formatPrice(value);
  // Compared as shown, so a price that rounds to the previous close reads flat.
  const tone = toneAgainst(text, formatPrice(prevClose));
  return (
    <span className={[toneClassName(tone), className].filter(Boolean).join(' ')} data-tone={tone}>
      {text}
    </span>
  );
}
