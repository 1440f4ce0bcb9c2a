import { useQuery } from '@tanstack/react-query';
import { type EndpointData, endpointQuery } from '../../../platform/query/endpoint-query.ts';

export type SwMap = EndpointData<'index.swMap'>;

/**
 * The SW industry split of an index's constituents or an ETF's holdings (GET
 * /api/v4/index/swMap/all/:code); weights are percents. The index and ETF pages share this query.
 */
export function swMapQueryOptions(code: string) {
  return endpointQuery('index.swMap', { code }, { enabled: code !== '', staleTime: 10 * 60 * 1000 });
}

export function useSwMap(code: string) {
  return useQuery(swMapQueryOptions(code));
}
