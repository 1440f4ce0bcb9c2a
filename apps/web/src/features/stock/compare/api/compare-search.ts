import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type EndpointData, endpointQuery } from '../../../../platform/query/endpoint-query.ts';

export type CompareSearch = EndpointData<'market.searchV4'>;
export type CompareHit = CompareSearch['stocks'][number];

/**
 * The app's search by kind (GET /api/v2/capital/searchV4): 对比搜索 picks A-shares or funds from its
 * `stocks` and `funds` lists. The market feature's search page reads /search; this picker needs the
 * kinds apart, hence its own query of the same call.
 */
export function compareSearchQueryOptions(keyword: string) {
  const trimmed = keyword.trim();
  return endpointQuery(
    'market.searchV4',
    { keyword: trimmed, size: 10 },
    { enabled: trimmed !== '', staleTime: 5 * 60 * 1000 },
  );
}

export function useCompareSearch(keyword: string) {
  return useQuery({ ...compareSearchQueryOptions(keyword), placeholderData: keepPreviousData });
}
