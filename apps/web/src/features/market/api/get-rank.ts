import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import {
  type EndpointData,
  endpointInfiniteQuery,
  endpointQuery,
} from '../../../platform/query/endpoint-query.ts';

export type RankPage = EndpointData<'market.getRank'>;
export type RankRow = RankPage['list'][number];
export type RankOrder = 'desc' | 'asc';

export const rankPageSize = 20;

// Rankings move with the market during the session; a minute keeps switching tabs cheap.
const rankStaleTime = 60 * 1000;

/** The top `size` rows of one ranking, best first (GET /api/v2/rank/getRank, page 1). */
export function rankTopQueryOptions(id: string, size: number) {
  return endpointQuery(
    'market.getRank',
    { id, order: 'desc', page: 1, size },
    { enabled: id !== '', staleTime: rankStaleTime },
  );
}

/** The top rows of a ranking; keeps the previous ranking's rows on screen while switching tabs. */
export function useRankTop(id: string, size: number) {
  return useQuery({ ...rankTopQueryOptions(id, size), placeholderData: keepPreviousData });
}

export interface RankFilter {
  id: string;
  industry: string | null;
  order: RankOrder;
}

/** One ranking page by page (GET /api/v2/rank/getRank), 20 rows at a time. */
export function rankQueryOptions({ id, industry, order }: RankFilter) {
  return endpointInfiniteQuery(
    'market.getRank',
    { id, order, size: rankPageSize, ...(industry ? { industry } : {}) },
    { enabled: id !== '', staleTime: rankStaleTime },
  );
}

export function useRank(filter: RankFilter) {
  return useInfiniteQuery(rankQueryOptions(filter));
}
