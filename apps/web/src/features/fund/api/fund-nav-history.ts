import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type EndpointData, endpointQuery } from '../../../platform/query/endpoint-query.ts';
import type { NavRange } from '../fund-rules.ts';

export type FundNavHistory = EndpointData<'fund.navHistory'>;

/** The fund's NAV history over a range (GET /api/v2/fund/navHistory). */
export function fundNavHistoryQueryOptions(code: string, range: NavRange) {
  return endpointQuery(
    'fund.navHistory',
    { code, range },
    { enabled: code !== '', staleTime: 5 * 60 * 1000 },
  );
}

/** The NAV history; keeps the old line while a new range loads. */
export function useFundNavHistory(code: string, range: NavRange) {
  return useQuery({ ...fundNavHistoryQueryOptions(code, range), placeholderData: keepPreviousData });
}
