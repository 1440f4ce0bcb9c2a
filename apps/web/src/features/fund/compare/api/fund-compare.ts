import { useQuery } from '@tanstack/react-query';
import { type EndpointData, endpointQuery } from '../../../../platform/query/endpoint-query.ts';
import { joinCodes, minCompared } from '../../../../ui/compare-table/index.ts';

export type FundCompare = EndpointData<'fund.fundCompare'>;
export type ComparedFundRow = FundCompare['list'][number];

/** 2–5 funds side by side (GET /api/v2/fund/fundCompare). */
export function fundCompareQueryOptions(codes: readonly string[]) {
  return endpointQuery(
    'fund.fundCompare',
    { codes: joinCodes(codes) },
    { enabled: codes.length >= minCompared, staleTime: 5 * 60 * 1000 },
  );
}

export function useFundCompare(codes: readonly string[]) {
  return useQuery(fundCompareQueryOptions(codes));
}
