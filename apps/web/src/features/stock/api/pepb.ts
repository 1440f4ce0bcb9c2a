import { useQuery } from '@tanstack/react-query';
import { type EndpointData, endpointQuery } from '../../../platform/query/endpoint-query.ts';

export type Valuation = EndpointData<'stock.pepb'>;
export type ValuationType = 'pe' | 'pb';
export type ValuationYears = '3Y' | '5Y' | '10Y';

/** Valuation history and percentile (GET /api/v3/details/pepb). */
export function pepbQueryOptions(code: string, type: ValuationType, years: ValuationYears) {
  return endpointQuery('stock.pepb', { code, type, years }, { staleTime: 60 * 60 * 1000 });
}

export function usePepb(code: string, type: ValuationType, years: ValuationYears) {
  return useQuery(pepbQueryOptions(code, type, years));
}
