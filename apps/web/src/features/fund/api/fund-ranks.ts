import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { api, DatasOf } from '@zhicai/contract';
import { request } from '../../../platform/request/request.ts';

export type RankNames = DatasOf<typeof api.market.getRankNames>;
export type RankList = DatasOf<typeof api.market.getRank>;

/** The fund rankings the server offers (GET /api/v2/rank/getRankNames?kind=fund). */
export function fundRankNamesQueryOptions() {
  return queryOptions({
    queryKey: ['fundHome', 'rankNames'],
    queryFn: ({ signal }): Promise<RankNames> => request('market.getRankNames', { kind: 'fund' }, { signal }),
    staleTime: 60 * 60 * 1000,
  });
}

export function useFundRankNames() {
  return useQuery(fundRankNamesQueryOptions());
}

export function fundRankQueryOptions(id: string, size: number) {
  return queryOptions({
    queryKey: ['fundHome', 'rank', id, size],
    queryFn: ({ signal }): Promise<RankList> =>
      request('market.getRank', { id, order: 'desc', page: 1, size }, { signal }),
    enabled: id !== '',
    staleTime: 60 * 1000,
  });
}

/** The first page of one ranking (GET /api/v2/rank/getRank); keeps the previous tab's rows while switching. */
export function useFundRank(id: string, size = 20) {
  return useQuery({ ...fundRankQueryOptions(id, size), placeholderData: keepPreviousData });
}
