import { queryOptions, useQuery } from '@tanstack/react-query';
import type { api, DatasOf } from '@zhicai/contract';
import { request } from '../../../platform/request/request.ts';

export type StockIntro = DatasOf<typeof api.stock.stockIntro>;

/** Company profile, industries and concepts (GET /api/v3/details/stockIntro). */
export function stockIntroQueryOptions(code: string) {
  return queryOptions({
    queryKey: ['stock', 'stockIntro', code],
    queryFn: ({ signal }): Promise<StockIntro> => request('stock.stockIntro', { code }, { signal }),
    staleTime: 60 * 60 * 1000,
  });
}

export function useStockIntro(code: string) {
  return useQuery(stockIntroQueryOptions(code));
}
