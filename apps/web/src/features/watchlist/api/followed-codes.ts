import { useQuery } from '@tanstack/react-query';
import { endpointQuery } from '../../../platform/query/endpoint-query.ts';

/**
 * Every code the user follows (GET /api/v2/opt/listOptV3; empty signed out). One call serves every
 * 加自选 button of a page, so a list of search results or a ranking asks once, not once a row.
 */
export function followedCodesQueryOptions() {
  return endpointQuery('watchlist.listOptV3', undefined, { staleTime: 60 * 1000 });
}

export function useFollowedCodes() {
  return useQuery(followedCodesQueryOptions());
}
