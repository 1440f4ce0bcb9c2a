import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { api, DatasOf } from '@zhicai/contract';
import { request } from '../../../platform/request/request.ts';
import type { NavRange } from '../fund-rules.ts';
import { fundQueryKey } from './fund-base-info.ts';

export type FundNavHistory = DatasOf<typeof api.fund.navHistory>;

export function fundNavHistoryQueryOptions(code: string, range: NavRange) {
  return queryOptions({
    queryKey: [...fundQueryKey(code), 'navHistory', range],
    queryFn: ({ signal }): Promise<FundNavHistory> => request('fund.navHistory', { code, range }, { signal }),
    enabled: code !== '',
    staleTime: 5 * 60 * 1000,
  });
}

/** The fund's NAV history over a range (GET /api/v2/fund/navHistory); keeps the old line while a new range loads. */
export function useFundNavHistory(code: string, range: NavRange) {
  return useQuery({ ...fundNavHistoryQueryOptions(code, range), placeholderData: keepPreviousData });
}
