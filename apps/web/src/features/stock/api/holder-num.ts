import { useQuery } from '@tanstack/react-query';
import { type EndpointData, endpointQuery } from '../../../platform/query/endpoint-query.ts';

export type HolderNumRows = EndpointData<'stock.holderNumDetails'>;

/** Shareholder counts by report date (GET /api/v3/details/holderNumDetails). */
export function holderNumQueryOptions(code: string) {
  return endpointQuery('stock.holderNumDetails', { code }, { staleTime: 60 * 60 * 1000 });
}

export function useHolderNum(code: string) {
  return useQuery(holderNumQueryOptions(code));
}
