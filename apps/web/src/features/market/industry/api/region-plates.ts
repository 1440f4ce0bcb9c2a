import { useQuery } from '@tanstack/react-query';
import { type EndpointData, endpointQuery } from '../../../../platform/query/endpoint-query.ts';
import { plateStaleTime } from './plate-stale-time.ts';

export type RegionPlates = EndpointData<'market.regionPlates'>;
export type RegionPlateRow = RegionPlates['list'][number];

/** 地域板块: A-shares grouped by their company's area (GET /api/v3/appMarket/regionPlates). */
export const regionPlatesQueryOptions = endpointQuery('market.regionPlates', undefined, {
  staleTime: plateStaleTime,
});

export function useRegionPlates(enabled = true) {
  return useQuery({ ...regionPlatesQueryOptions, enabled });
}
