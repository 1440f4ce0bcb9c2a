import { queryOptions, useQuery } from '@tanstack/react-query';
import type { api, DatasOf } from '@zhicai/contract';
import { request } from '../../../platform/request/request.ts';

export type Valuation = DatasOf<typeof api.stock.pepb>;
export type ValuationType = 'pe' | 'pb';
export type ValuationYears = '3Y' | '5Y' | '10Y';

/** Valuation history and percentile (GET /api/v3/details/pepb). */
export function pepbQueryOptions(code: string, type: ValuationType, years: ValuationYears) {
  return queryOptions({
    queryKey: ['stock', 'pepb', code, type, years],
    queryFn: ({ signal }): Promise<Valuation> => request('stock.pepb', { code, type, years }, { signal }),
    staleTime: 60 * 60 * 1000,
  });
}

export function usePepb(code: string, type: ValuationType, years: ValuationYears) {
  return useQuery(pepbQueryOptions(code, type, years));
}
