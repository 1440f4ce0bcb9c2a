import { useQuery } from '@tanstack/react-query';
import { type EndpointData, endpointQuery } from '../../../platform/query/endpoint-query.ts';

export type FundFees = EndpointData<'fund.fees'>;

/** Yearly fees and purchase/redemption tiers (GET /api/v2/fund/fees). */
export function fundFeesQueryOptions(code: string) {
  return endpointQuery('fund.fees', { code }, { enabled: code !== '', staleTime: 60 * 60 * 1000 });
}

export function useFundFees(code: string) {
  return useQuery(fundFeesQueryOptions(code));
}
