import { useQuery } from '@tanstack/react-query';
import { endpointQuery } from '../../../platform/query/endpoint-query.ts';

/** The membership goods (GET /api/v2/goods/list_v3), prices in fen; the same for every visitor. */
export const goodsQueryOptions = endpointQuery('member.goods', undefined, { staleTime: 10 * 60 * 1000 });

export function useGoods() {
  return useQuery(goodsQueryOptions);
}
