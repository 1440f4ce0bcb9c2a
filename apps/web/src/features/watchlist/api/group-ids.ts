import { useQuery } from '@tanstack/react-query';
import { endpointQuery } from '../../../platform/query/endpoint-query.ts';

/** The groups one instrument is in (GET /api/v2/opt/groupIds), for the group picker. */
export function groupIdsQueryOptions(code: string, enabled = true) {
  return endpointQuery('watchlist.groupIds', { code }, { enabled: enabled && code !== '' });
}

export function useGroupIds(code: string, enabled = true) {
  return useQuery(groupIdsQueryOptions(code, enabled));
}
