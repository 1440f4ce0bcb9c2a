import { useQuery } from '@tanstack/react-query';
import { type EndpointData, endpointQuery } from '../../../../platform/query/endpoint-query.ts';

export type StrategyChanges = EndpointData<'screener.strategyChanges'>;

/** A strategy's entries and exits by close (GET /api/v3/stockP/list?id=). */
export function useStrategyChanges(id: number) {
  return useQuery(endpointQuery('screener.strategyChanges', { id: String(id), limit: 20 }));
}
