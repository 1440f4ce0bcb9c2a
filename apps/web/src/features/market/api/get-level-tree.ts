import { useQuery } from '@tanstack/react-query';
import { type EndpointData, endpointQuery } from '../../../platform/query/endpoint-query.ts';

export type IndustryNode = EndpointData<'market.getLevelTree'>[number];

/** The SW industry tree (GET /api/v2/rank/getLevelTree); it changes once a year at most. */
export const levelTreeQueryOptions = endpointQuery('market.getLevelTree', undefined, {
  staleTime: 60 * 60 * 1000,
});

export function useLevelTree(enabled: boolean) {
  return useQuery({ ...levelTreeQueryOptions, enabled });
}
