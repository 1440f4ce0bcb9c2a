import { useQuery } from '@tanstack/react-query';
import { type EndpointData, endpointQuery } from '../../../../platform/query/endpoint-query.ts';

export type StrategyInfo = EndpointData<'screener.strategyInfo'>;

/** A stock strategy's results as rows of its conditions (GET userSelectStrategy/info/{id}). */
export function useStrategyInfo(id: number) {
  return useQuery(endpointQuery('screener.strategyInfo', { id: String(id) }, { staleTime: 60 * 1000 }));
}
