import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { api, DatasOf } from '@zhicai/contract';
import { request } from '../../../platform/request/request.ts';

export type SearchHit = DatasOf<typeof api.market.search>[number];

/** Search by code, Chinese name or pinyin (GET /api/v2/capital/search). */
export function searchQueryOptions(keyword: string) {
  const trimmed = keyword.trim();
  return queryOptions({
    queryKey: ['market', 'search', trimmed],
    queryFn: ({ signal }): Promise<SearchHit[]> =>
      request('market.search', { keyword: trimmed, size: 20 }, { signal }),
    enabled: trimmed !== '',
    staleTime: 5 * 60 * 1000,
  });
}

/** Results for a keyword; the previous results stay on screen while the next ones load. */
export function useSearch(keyword: string) {
  return useQuery({ ...searchQueryOptions(keyword), placeholderData: keepPreviousData });
}
