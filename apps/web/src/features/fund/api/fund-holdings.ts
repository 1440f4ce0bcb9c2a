import { queryOptions, useQuery } from '@tanstack/react-query';
import type { api, DatasOf } from '@zhicai/contract';
import { request } from '../../../platform/request/request.ts';
import { fundQueryKey } from './fund-base-info.ts';

export type FundHoldings = DatasOf<typeof api.fund.holdings>;

export function fundHoldingsQueryOptions(code: string) {
  return queryOptions({
    queryKey: [...fundQueryKey(code), 'holdings'],
    queryFn: ({ signal }): Promise<FundHoldings> => request('fund.holdings', { code }, { signal }),
    enabled: code !== '',
    staleTime: 10 * 60 * 1000,
  });
}

/** Top stock holdings and asset allocation of the latest report (GET /api/v2/fund/holdings). */
export function useFundHoldings(code: string) {
  return useQuery(fundHoldingsQueryOptions(code));
}
