import { useQuery } from '@tanstack/react-query';
import { type EndpointData, endpointQuery } from '../../../platform/query/endpoint-query.ts';

export type FundManager = EndpointData<'fund.manager'>;

/** A fund manager's profile and the funds they manage (GET /api/v2/fund/manager). */
export function fundManagerQueryOptions(id: string) {
  return endpointQuery('fund.manager', { id }, { enabled: id !== '', staleTime: 10 * 60 * 1000 });
}

export function useFundManager(id: string) {
  return useQuery(fundManagerQueryOptions(id));
}
