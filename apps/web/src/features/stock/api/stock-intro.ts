import { useQuery } from '@tanstack/react-query';
import { type EndpointData, endpointQuery } from '../../../platform/query/endpoint-query.ts';

export type StockIntro = EndpointData<'stock.stockIntro'>;

/** Company profile, industries and concepts (GET /api/v3/details/stockIntro). */
export function stockIntroQueryOptions(code: string) {
  return endpointQuery('stock.stockIntro', { code }, { staleTime: 60 * 60 * 1000 });
}

export function useStockIntro(code: string) {
  return useQuery(stockIntroQueryOptions(code));
}
