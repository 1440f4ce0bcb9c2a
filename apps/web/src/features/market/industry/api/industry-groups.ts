import { useQuery } from '@tanstack/react-query';
import { type EndpointData, endpointQuery } from '../../../../platform/query/endpoint-query.ts';
import { plateStaleTime } from './plate-stale-time.ts';

export type IndustryGroups = EndpointData<'market.industryGroups'>;
export type IndustryGroupRow = IndustryGroups['list'][number];

/**
 * 行业分组 with their industries (GET /api/v3/appMarket/industryGroups): the group list and a group's
 * page share this one answer.
 */
export const industryGroupsQueryOptions = endpointQuery('market.industryGroups', undefined, {
  staleTime: plateStaleTime,
});

export function useIndustryGroups() {
  return useQuery(industryGroupsQueryOptions);
}
