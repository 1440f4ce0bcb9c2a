import { useQuery } from '@tanstack/react-query';
import { endpointQuery } from '../../../platform/query/endpoint-query.ts';

/** The points shop's goods (GET /api/v2/pointShop/goodList); a visitor sees them too. */
export const goodListQueryOptions = endpointQuery('points.goodList', undefined, { staleTime: 60 * 1000 });

export function useGoodList() {
  return useQuery(goodListQueryOptions);
}
