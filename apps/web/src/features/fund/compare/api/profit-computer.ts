import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  type EndpointData,
  type EndpointParams,
  endpointQuery,
} from '../../../../platform/query/endpoint-query.ts';

export type RegularInvestmentResult = EndpointData<'fund.profitComputer'>;
export type RegularInvestmentPlan = EndpointParams<'fund.profitComputer'>;

/** The 定投 back-test of a plan on the fund's NAVs (GET /api/v2/fund/profitComputer); null until 开始计算. */
export function profitComputerQueryOptions(plan: RegularInvestmentPlan | null) {
  return endpointQuery('fund.profitComputer', plan ?? { code: '', start: 0, end: 0, amount: 0 }, {
    enabled: plan !== null,
    staleTime: 10 * 60 * 1000,
  });
}

export function useProfitComputer(plan: RegularInvestmentPlan | null) {
  return useQuery({ ...profitComputerQueryOptions(plan), placeholderData: keepPreviousData });
}
