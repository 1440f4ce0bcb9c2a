import { useQuery } from '@tanstack/react-query';
import { type EndpointData, endpointQuery } from '../../../platform/query/endpoint-query.ts';

export type IndustryCompare = EndpointData<'stock.industryCompareDetail'>;

/** Peers in the stock's SW industry (GET /api/v3/details/industryCompareDetail). */
export function industryCompareQueryOptions(code: string) {
  return endpointQuery('stock.industryCompareDetail', { code }, { staleTime: 10 * 60 * 1000 });
}

export function useIndustryCompare(code: string) {
  return useQuery(industryCompareQueryOptions(code));
}
