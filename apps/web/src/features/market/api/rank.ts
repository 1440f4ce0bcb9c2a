import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { api, DatasOf } from '@zhicai/contract';
import { request } from '../../../platform/request/request.ts';

export type RankName = DatasOf<typeof api.market.getRankNames>[number];
export type RankPage = DatasOf<typeof api.market.getRank>;
export type RankRow = RankPage['list'][number];
export type IndustryNode = DatasOf<typeof api.market.getLevelTree>[number];
export type RankOrder = 'desc' | 'asc';

/** The rankings on offer (GET /api/v2/rank/getRankNames). */
export const rankNamesQueryOptions = queryOptions({
  queryKey: ['market', 'rankNames'],
  queryFn: ({ signal }): Promise<RankName[]> => request('market.getRankNames', {}, { signal }),
  staleTime: 10 * 60 * 1000,
});

export function useRankNames() {
  return useQuery(rankNamesQueryOptions);
}

/** The SW industry tree (GET /api/v2/rank/getLevelTree); it changes once a year at most. */
export const levelTreeQueryOptions = queryOptions({
  queryKey: ['market', 'levelTree'],
  queryFn: ({ signal }): Promise<IndustryNode[]> => request('market.getLevelTree', undefined, { signal }),
  staleTime: 60 * 60 * 1000,
});

export function useLevelTree(enabled: boolean) {
  return useQuery({ ...levelTreeQueryOptions, enabled });
}

export const rankPageSize = 20;

export interface RankFilter {
  id: string;
  industry: string | null;
  order: RankOrder;
}

/** One ranking page by page (GET /api/v2/rank/getRank), 20 rows at a time. */
export function rankQueryOptions({ id, industry, order }: RankFilter) {
  return infiniteQueryOptions({
    queryKey: ['market', 'rank', id, industry, order],
    queryFn: ({ pageParam, signal }): Promise<RankPage> =>
      request(
        'market.getRank',
        { id, order, page: pageParam, size: rankPageSize, ...(industry ? { industry } : {}) },
        { signal },
      ),
    initialPageParam: 1,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((sum, page) => sum + page.list.length, 0);
      return last.list.length > 0 && loaded < last.total ? pages.length + 1 : undefined;
    },
    enabled: id !== '',
    staleTime: 60 * 1000,
  });
}

export function useRank(filter: RankFilter) {
  return useInfiniteQuery(rankQueryOptions(filter));
}
