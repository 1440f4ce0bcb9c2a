import { useQuery } from '@tanstack/react-query';
import type { PlateKind } from '@zhicai/contract';
import { type EndpointData, endpointQuery } from '../../../../platform/query/endpoint-query.ts';
import { plateStaleTime } from './plate-stale-time.ts';

export type PlateList = EndpointData<'market.plateList'>;
export type PlateSummaryRow = PlateList['list'][number];
export type PlateSort = 'chgPct' | 'amount' | 'riseRatio';

/** SW level-1 industries or concepts, ranked (GET /api/v3/appMarket/plateList). */
export function plateListQueryOptions(
  kind: PlateKind,
  sort: PlateSort = 'chgPct',
  order: 'desc' | 'asc' = 'desc',
) {
  return endpointQuery('market.plateList', { kind, sort, order }, { staleTime: plateStaleTime });
}

export function usePlateList(kind: PlateKind, sort: PlateSort = 'chgPct', order: 'desc' | 'asc' = 'desc') {
  return useQuery(plateListQueryOptions(kind, sort, order));
}
