import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type EndpointData, endpointQuery } from '../../../platform/query/endpoint-query.ts';

export type SearchHit = EndpointData<'market.search'>[number];

/** Search by code, Chinese name or pinyin (GET /api/v2/capital/search). */
export function searchQueryOptions(keyword: string) {
  const trimmed = keyword.trim();
  return endpointQuery(
    'market.search',
    { keyword: trimmed, size: 20 },
    { enabled: trimmed !== '', staleTime: 5 * 60 * 1000 },
  );
}

/** Results for a keyword; the previous results stay on screen while the next ones load. */
export function useSearch(keyword: string) {
  return useQuery({ ...searchQueryOptions(keyword), placeholderData: keepPreviousData });
}
