import { useQuery } from '@tanstack/react-query';
import { type EndpointData, endpointQuery } from '../../../../platform/query/endpoint-query.ts';
import { joinCodes } from '../../../../ui/compare-table/index.ts';

export type NamedCode = EndpointData<'market.queryName'>[number];

/** Names of the codes a link preselects, for their chips (GET /api/v2/capital/queryName). */
export function queryNameQueryOptions(codes: readonly string[]) {
  return endpointQuery(
    'market.queryName',
    { codes: joinCodes(codes) },
    { enabled: codes.length > 0, staleTime: 60 * 60 * 1000 },
  );
}

export function useQueryName(codes: readonly string[]) {
  return useQuery(queryNameQueryOptions(codes));
}
