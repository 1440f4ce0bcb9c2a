import { useQuery } from '@tanstack/react-query';
import { type EndpointData, endpointQuery } from '../../../platform/query/endpoint-query.ts';

export type FundBaseInfo = EndpointData<'fund.baseInfo'>;

/** Name, NAV, period returns, managers and profile of a fund (GET /api/v2/fund/baseInfo). */
export function fundBaseInfoQueryOptions(code: string) {
  return endpointQuery('fund.baseInfo', { code }, { enabled: code !== '', staleTime: 60 * 1000 });
}

export function useFundBaseInfo(code: string) {
  return useQuery(fundBaseInfoQueryOptions(code));
}
