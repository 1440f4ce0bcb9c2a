import { useQuery } from '@tanstack/react-query';
import { type EndpointData, endpointQuery } from '../../../platform/query/endpoint-query.ts';

export type WatchlistMember = EndpointData<'watchlist.listOptV4'>['items'][number];

/** A group's items without quotes, pinned first in the user's order (GET /api/v2/opt/listOptV4). */
export function watchlistMembersQueryOptions(groupId: number | undefined, enabled = true) {
  return endpointQuery('watchlist.listOptV4', groupId === undefined ? {} : { groupId }, { enabled });
}

export function useWatchlistMembers(groupId: number | undefined, enabled = true) {
  return useQuery(watchlistMembersQueryOptions(groupId, enabled));
}
