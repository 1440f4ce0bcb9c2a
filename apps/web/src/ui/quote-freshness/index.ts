export { QuoteFreshness, type QuoteFreshnessProps } from './quote-freshness.tsx';
export {
  beijingClock,
  type QuoteFreshness as QuoteFreshnessState,
  staleAfterMs,
  useQuoteFreshness,
} from './use-quote-freshness.ts';
