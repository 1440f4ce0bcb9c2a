import { queryOptions, useQuery } from '@tanstack/react-query';
import type { api, DatasOf } from '@zhicai/contract';
import { request } from '../../../platform/request/request.ts';

export type HolderNumRows = DatasOf<typeof api.stock.holderNumDetails>;

/** Shareholder counts by report date (GET /api/v3/details/holderNumDetails). */
export function holderNumQueryOptions(code: string) {
  return queryOptions({
    queryKey: ['stock', 'holderNumDetails', code],
    queryFn: ({ signal }): Promise<HolderNumRows> => request('stock.holderNumDetails', { code }, { signal }),
    staleTime: 60 * 60 * 1000,
  });
}

export function useHolderNum(code: string) {
  return useQuery(holderNumQueryOptions(code));
}
