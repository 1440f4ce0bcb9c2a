import { useInfiniteQuery } from '@tanstack/react-query';
import { endpointCursorQuery } from '../../../platform/query/endpoint-query.ts';

/** The points ledger, newest first, by lastId cursor (GET /api/v2/pointShop/pointList). */
export const pointListQueryOptions = endpointCursorQuery('points.pointList', { size: 20 });

export function usePointList(enabled: boolean) {
  return useInfiniteQuery({ ...pointListQueryOptions, enabled });
}
