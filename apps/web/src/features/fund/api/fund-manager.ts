import { queryOptions, useQuery } from '@tanstack/react-query';
import type { api, DatasOf } from '@zhicai/contract';
import { request } from '../../../platform/request/request.ts';

export type FundManager = DatasOf<typeof api.fund.manager>;

export function fundManagerQueryOptions(id: string) {
  return queryOptions({
    queryKey: ['fundManager', id],
    queryFn: ({ signal }): Promise<FundManager> => request('fund.manager', { id }, { signal }),
    enabled: id !== '',
    staleTime: 10 * 60 * 1000,
  });
}

/** A fund manager's profile and the funds they manage (GET /api/v2/fund/manager). */
export function useFundManager(id: string) {
  return useQuery(fundManagerQueryOptions(id));
}
