import { useQuery } from '@tanstack/react-query';
import { type EndpointData, endpointQuery } from '../../../../platform/query/endpoint-query.ts';
import { joinCodes, minCompared } from '../../../../ui/compare-table/index.ts';

export type StockCompare = EndpointData<'stock.stockCompare'>;
export type ComparedStockRow = StockCompare['list'][number];

/** 2–5 stocks side by side (GET /api/v2/module/stockCompare). */
export function stockCompareQueryOptions(codes: readonly string[]) {
  return endpointQuery(
    'stock.stockCompare',
    { codes: joinCodes(codes) },
    { enabled: codes.length >= minCompared, staleTime: 60 * 1000 },
  );
}

export function useStockCompare(codes: readonly string[]) {
  return useQuery(stockCompareQueryOptions(codes));
}
