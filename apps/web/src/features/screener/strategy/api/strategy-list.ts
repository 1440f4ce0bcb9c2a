import { useQuery } from '@tanstack/react-query';
import { type EndpointData, endpointQuery } from '../../../../platform/query/endpoint-query.ts';

export type StrategyLists = EndpointData<'screener.strategyListV3'>;
export type StrategySummary = StrategyLists['mine'][number];

/** House and own stock strategies with today's count, changes and red points (GET userSelectStrategy/list_v3). */
export function strategyListQueryOptions() {
  return endpointQuery('screener.strategyListV3', undefined, { staleTime: 60 * 1000 });
}

export function useStrategyList() {
  return useQuery(strategyListQueryOptions());
}
