import { useQuery } from '@tanstack/react-query';
import { type EndpointData, endpointQuery } from '../../../platform/query/endpoint-query.ts';
import { overviewStaleTime } from './overview-stale-time.ts';

export type ConnectSummary = EndpointData<'market.northSummary'>;

/** 北向资金 (GET /api/v2/market/northSummary). */
export const northSummaryQueryOptions = endpointQuery('market.northSummary', undefined, {
  staleTime: overviewStaleTime,
});

export function useNorthSummary() {
  return useQuery(northSummaryQueryOptions);
}
