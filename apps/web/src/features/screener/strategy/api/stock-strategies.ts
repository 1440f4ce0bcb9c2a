import { useQuery } from '@tanstack/react-query';
import { type EndpointData, endpointQuery } from '../../../../platform/query/endpoint-query.ts';

export type StockStrategies = EndpointData<'screener.stockStrategysDetail'>;

/** Which strategies hold a stock and since when (GET /api/v3/stockP/stockStrategysDetail). */
export function useStockStrategies(code: string) {
  return useQuery(endpointQuery('screener.stockStrategysDetail', { code }, { staleTime: 5 * 60 * 1000 }));
}
