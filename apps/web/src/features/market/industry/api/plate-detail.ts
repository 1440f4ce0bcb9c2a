import { useQuery } from '@tanstack/react-query';
import { type EndpointData, endpointQuery } from '../../../../platform/query/endpoint-query.ts';
import { plateStaleTime } from './plate-stale-time.ts';

export type PlateDetail = EndpointData<'market.plateDetail'>;
export type PlateMemberRow = PlateDetail['members'][number];
export type PlateEtfRow = PlateDetail['etfs'][number];

/** One plate: its index quote, constituents, leaders, ETFs and momentum (GET /api/v3/appMarket/plateDetail). */
export function plateDetailQueryOptions(code: string) {
  return endpointQuery('market.plateDetail', { code }, { staleTime: plateStaleTime });
}

export function usePlateDetail(code: string) {
  return useQuery(plateDetailQueryOptions(code));
}
