import { queryOptions, useQuery } from '@tanstack/react-query';
import type { api, DatasOf } from '@zhicai/contract';
import { request } from '../../../platform/request/request.ts';

export type IndustryCompare = DatasOf<typeof api.stock.industryCompareDetail>;

/** Peers in the stock's SW industry (GET /api/v3/details/industryCompareDetail). */
export function industryCompareQueryOptions(code: string) {
  return queryOptions({
    queryKey: ['stock', 'industryCompareDetail', code],
    queryFn: ({ signal }): Promise<IndustryCompare> =>
      request('stock.industryCompareDetail', { code }, { signal }),
    staleTime: 10 * 60 * 1000,
  });
}

export function useIndustryCompare(code: string) {
  return useQuery(industryCompareQueryOptions(code));
}
