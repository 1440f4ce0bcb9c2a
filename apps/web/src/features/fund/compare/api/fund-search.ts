import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type EndpointData, endpointQuery } from '../../../../platform/query/endpoint-query.ts';

export type FundHit = EndpointData<'market.searchV4'>['funds'][number];

/** Funds for the 定投计算器's picker, from the app's search by kind (GET /api/v2/capital/searchV4). */
export function fundSearchQueryOptions(keyword: string) {
  const trimmed = keyword.trim();
  return endpointQuery(
    'market.searchV4',
    { keyword: trimmed, size: 10 },
    { enabled: trimmed !== '', staleTime: 5 * 60 * 1000 },
  );
}

export function useFundSearch(keyword: string) {
  return useQuery({ ...fundSearchQueryOptions(keyword), placeholderData: keepPreviousData });
}
