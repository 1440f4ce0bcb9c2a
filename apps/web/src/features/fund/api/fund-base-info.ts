import { queryOptions, useQuery } from '@tanstack/react-query';
import type { api, DatasOf } from '@zhicai/contract';
import { request } from '../../../platform/request/request.ts';

export type FundBaseInfo = DatasOf<typeof api.fund.baseInfo>;

/** Every query of one fund's detail page starts with this key, so pull-to-refresh can refetch them together. */
export const fundQueryKey = (code: string) => ['fund', code] as const;

export function fundBaseInfoQueryOptions(code: string) {
  return queryOptions({
    queryKey: [...fundQueryKey(code), 'baseInfo'],
    queryFn: ({ signal }): Promise<FundBaseInfo> => request('fund.baseInfo', { code }, { signal }),
    enabled: code !== '',
    staleTime: 60 * 1000,
  });
}

/** Name, NAV, period returns, managers and profile of a fund (GET /api/v2/fund/baseInfo). */
export function useFundBaseInfo(code: string) {
  return useQuery(fundBaseInfoQueryOptions(code));
}
