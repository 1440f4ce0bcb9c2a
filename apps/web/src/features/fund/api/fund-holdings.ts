import { useQuery } from '@tanstack/react-query';
import { type EndpointData, endpointQuery } from '../../../platform/query/endpoint-query.ts';

export type FundHoldings = EndpointData<'fund.holdings'>;

/** Top stock holdings and asset allocation of the latest report (GET /api/v2/fund/holdings). */
export function fundHoldingsQueryOptions(code: string) {
  return endpointQuery('fund.holdings', { code }, { enabled: code !== '', staleTime: 10 * 60 * 1000 });
}

export function useFundHoldings(code: string) {
  return useQuery(fundHoldingsQueryOptions(code));
}
