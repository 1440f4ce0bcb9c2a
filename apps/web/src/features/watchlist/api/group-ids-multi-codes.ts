import { useQuery } from '@tanstack/react-query';
import { endpointQuery } from '../../../platform/query/endpoint-query.ts';

/** The groups each of several instruments is in (GET /api/v2/opt/groupIdsMultiCodes). */
export function groupIdsMultiCodesQueryOptions(codes: readonly string[], enabled = true) {
  return endpointQuery(
    'watchlist.groupIdsMultiCodes',
    { codes: codes.join(',') },
    { enabled: enabled && codes.length > 0 },
  );
}

export function useGroupIdsMultiCodes(codes: readonly string[], enabled = true) {
  return useQuery(groupIdsMultiCodesQueryOptions(codes, enabled));
}
