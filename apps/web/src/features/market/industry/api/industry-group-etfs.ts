import { useQuery } from '@tanstack/react-query';
import type { IndustryGroupCode } from '@zhicai/contract';
import { type EndpointData, endpointQuery } from '../../../../platform/query/endpoint-query.ts';
import { plateStaleTime } from './plate-stale-time.ts';

export type IndustryGroupEtfs = EndpointData<'market.industryGroupEtfs'>;

/** ETFs tracking a group's industries (GET /api/v3/appMarket/industryGroupEtfs). */
export function industryGroupEtfsQueryOptions(group: IndustryGroupCode) {
  return endpointQuery('market.industryGroupEtfs', { group }, { staleTime: plateStaleTime });
}

export function useIndustryGroupEtfs(group: IndustryGroupCode) {
  return useQuery(industryGroupEtfsQueryOptions(group));
}
