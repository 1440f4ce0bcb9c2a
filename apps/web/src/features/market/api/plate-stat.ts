import { useQuery } from '@tanstack/react-query';
import { type EndpointData, endpointQuery } from '../../../platform/query/endpoint-query.ts';
import { overviewStaleTime } from './overview-stale-time.ts';

export type PlatePage = EndpointData<'market.plateStatV2Page'>;
export type PlateRow = PlatePage['list'][number];

/** 行业板块 leaders or laggards (GET /api/v2/market/plateStatV2Page): ascOrDesc '-1' sorts the best first, '1' the worst first. */
export function plateStatQueryOptions(ascOrDesc: '1' | '-1', size = 6) {
  return endpointQuery(
    'market.plateStatV2Page',
    { plate: 'industry', ascOrDesc, page: 1, size },
    { staleTime: overviewStaleTime },
  );
}

export function usePlateStat(ascOrDesc: '1' | '-1', size = 6) {
  return useQuery(plateStatQueryOptions(ascOrDesc, size));
}
