import { useQuery } from '@tanstack/react-query';
import { type EndpointData, endpointQuery } from '../../../../platform/query/endpoint-query.ts';
import { joinCodes, minCompared } from '../../../../ui/compare-table/index.ts';

export type DupontCompare = EndpointData<'stock.dupontCompare'>;

/** The DuPont factors of 2–5 stocks over their last eight reports (GET /api/v2/module/dupontCompare). */
export function dupontCompareQueryOptions(codes: readonly string[]) {
  return endpointQuery(
    'stock.dupontCompare',
    { codes: joinCodes(codes), periods: 8 },
    { enabled: codes.length >= minCompared, staleTime: 30 * 60 * 1000 },
  );
}

export function useDupontCompare(codes: readonly string[]) {
  return useQuery(dupontCompareQueryOptions(codes));
}
