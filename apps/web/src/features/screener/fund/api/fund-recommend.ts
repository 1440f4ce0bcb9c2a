import { useQuery } from '@tanstack/react-query';
import { type EndpointData, endpointQuery } from '../../../../platform/query/endpoint-query.ts';

export type FundPreset = EndpointData<'screener.fundRecommend'>['list'][number];

/** The house presets with today's counts (GET /api/v2/fundSelect/recommend). */
export const fundRecommendQueryOptions = endpointQuery('screener.fundRecommend', undefined, {
  staleTime: 5 * 60 * 1000,
});

export function useFundRecommend() {
  return useQuery(fundRecommendQueryOptions);
}
