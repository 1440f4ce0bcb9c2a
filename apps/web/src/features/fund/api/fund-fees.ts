import { queryOptions, useQuery } from '@tanstack/react-query';
import type { api, DatasOf } from '@zhicai/contract';
import { request } from '../../../platform/request/request.ts';
import { fundQueryKey } from './fund-base-info.ts';

export type FundFees = DatasOf<typeof api.fund.fees>;

export function fundFeesQueryOptions(code: string) {
  return queryOptions({
    queryKey: [...fundQueryKey(code), 'fees'],
    queryFn: ({ signal }): Promise<FundFees> => request('fund.fees', { code }, { signal }),
    enabled: code !== '',
    staleTime: 60 * 60 * 1000,
  });
}

/** Yearly fees and purchase/redemption tiers (GET /api/v2/fund/fees). */
export function useFundFees(code: string) {
  return useQuery(fundFeesQueryOptions(code));
}
