import { useQuery } from '@tanstack/react-query';
import { endpointQuery } from '../../../platform/query/endpoint-query.ts';

/**
 * Balance, today's check-in, the 7-day calendar and the tasks (GET /api/v2/pointShop/info). The
 * check-in pages, the shop and the new-user page share it, so one answer serves all of them.
 */
export const pointInfoQueryOptions = endpointQuery('points.info', undefined, { staleTime: 30 * 1000 });

export function usePointInfo(enabled: boolean) {
  return useQuery({ ...pointInfoQueryOptions, enabled });
}
