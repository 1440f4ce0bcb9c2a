import { useQuery } from '@tanstack/react-query';
import { type EndpointData, endpointQuery } from '../../../../platform/query/endpoint-query.ts';

export type FundCatalogue = EndpointData<'screener.fundListSelectInfo'>;

/**
 * The fund condition catalogue (GET /api/v2/fundSelect/listSelectInfo): groups, units, ranges and
 * distributions. The server computes it once per close, so it is kept for ten minutes.
 */
export const fundSelectInfoQueryOptions = endpointQuery('screener.fundListSelectInfo', undefined, {
  staleTime: 10 * 60 * 1000,
});

export function useFundSelectInfo() {
  return useQuery(fundSelectInfoQueryOptions);
}
