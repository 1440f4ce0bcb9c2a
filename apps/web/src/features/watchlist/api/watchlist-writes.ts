import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateGroups } from '../../../platform/query/endpoint-query.ts';
import { postWithQuery } from './post-with-query.ts';

/**
 * The two writes that need a query on a POST (see post-with-query.ts); every other watchlist write
 * goes through useEndpointMutation directly. Both reload the watchlist group on success, as
 * useEndpointMutation does.
 */

/** Reorders a group's items (POST /api/v2/opt/sortOpt?groupId=): `codes` take the listed places. */
export function useSortItems() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ groupId, codes }: { groupId: number; codes: string[] }) =>
      postWithQuery('watchlist.sortOpt', { groupId }, { codes }),
    onSuccess: () => invalidateGroups(queryClient, ['watchlist']),
  });
}

/**
 * Removes several instruments (POST /api/v2/opt/batchDelOpt[?groupId=]): from one user group when
 * it is given, from every group (unfollowed) otherwise.
 */
export function useBatchDelete() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ groupId, codes }: { groupId: number | undefined; codes: string[] }) =>
      postWithQuery('watchlist.batchDelOpt', { groupId }, { codes }),
    onSuccess: () => invalidateGroups(queryClient, ['watchlist']),
  });
}
