import { useQuery } from '@tanstack/react-query';
import {
  type EndpointData,
  type EndpointParams,
  endpointQuery,
} from '../../../platform/query/endpoint-query.ts';

export type RankName = EndpointData<'market.getRankNames'>[number];
export type RankKind = NonNullable<EndpointParams<'market.getRankNames'>['kind']>;

/**
 * The rankings on offer (GET /api/v2/rank/getRankNames), all or those of one kind (the fund home
 * asks for `fund`). The list changes when operators add a ranking, which is rare.
 */
export function rankNamesQueryOptions(kind?: RankKind) {
  return endpointQuery('market.getRankNames', kind ? { kind } : {}, { staleTime: 10 * 60 * 1000 });
}

export function useRankNames(kind?: RankKind) {
  return useQuery(rankNamesQueryOptions(kind));
}
