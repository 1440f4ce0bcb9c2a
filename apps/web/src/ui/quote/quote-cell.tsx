import type { Quote } from '@zhicai/contract';
import { ChangeText } from './change-text.tsx';
import { PriceText } from './price-text.tsx';
import './quote.css';

export interface QuoteCellProps {
  /** The quote to show; undefined (not loaded yet, or unknown) shows '--' twice. */
  quote: (Pick<Quote, 'price' | 'prevClose' | 'chgPct'> & Partial<Pick<Quote, 'type'>>) | undefined;
  className?: string;
}

/** The right-hand cell of a list row: the price at its tick over its percent change, both coloured. */
export function QuoteCell({ quote, className }: QuoteCellProps) {
  return (
    <span className={['quote-cell', className].filter(Boolean).join(' ')}>
      <PriceText
        className="quote-cell__price"
        value={quote?.price}
        prevClose={quote?.prevClose}
        type={quote?.type}
      />
      <ChangeText className="quote-cell__change" value={quote?.chgPct} kind="percent" />
    </span>
  );
}
