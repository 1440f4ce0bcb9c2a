import { useQuery } from '@tanstack/react-query';
import { type EndpointData, endpointQuery } from '../../../platform/query/endpoint-query.ts';

export type WatchlistGroup = EndpointData<'watchlist.optGroupList'>[number];

/** 全部 and the user's groups with their counts (GET /api/v2/opt/optGroupList). */
export function watchlistGroupsQueryOptions(enabled = true) {
  return endpointQuery('watchlist.optGroupList', undefined, { enabled, staleTime: 60 * 1000 });
}

export function useWatchlistGroups(enabled = true) {
  return useQuery(watchlistGroupsQueryOptions(enabled));
}

/** The groups a user files instruments into: every group but 全部, which holds them all anyway. */
export function userGroupsOf(groups: readonly WatchlistGroup[] | undefined): WatchlistGroup[] {
  return (groups ?? []).filter((group) => group.kind === 'user').sort((a, b) => a.order - b.order);
}

/** 全部's id: the group every followed instrument is in. */
export function defaultGroupOf(groups: readonly WatchlistGroup[] | undefined): WatchlistGroup | undefined {
  return groups?.find((group) => group.kind === 'default');
}
