import { useEndpointMutation } from '../../../platform/query/endpoint-query.ts';

/** Reorders a group's items (POST /api/v2/opt/sortOpt?groupId=): `codes` take the listed places. */
export function useSortItems() {
  return useEndpointMutation('watchlist.sortOpt');
}

/**
 * Removes several instruments (POST /api/v2/opt/batchDelOpt[?groupId=]): from one user group when
 * it is given, from every group (unfollowed) otherwise.
 */
export function useBatchDelete() {
  return useEndpointMutation('watchlist.batchDelOpt');
}
