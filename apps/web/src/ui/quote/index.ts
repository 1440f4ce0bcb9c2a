export {
  type ChangeFormat,
  ChangeText,
  type ChangeTextProps,
  formatChange,
  toneOfChange,
} from './change-text.tsx';
export { DemoDataBadge } from './demo-data-badge.tsx';
export { PriceText, type PriceTextProps, priceTextOf } from './price-text.tsx';
export { QuoteCell, type QuoteCellProps } from './quote-cell.tsx';
export { toneClassName } from './tone.ts';
