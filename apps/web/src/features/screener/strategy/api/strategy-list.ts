import { useQuery } from '@tanstack/react-query';
import type { StrategyKind } from '@zhicai/contract';
import { type EndpointData, endpointQuery } from '../../../../platform/query/endpoint-query.ts';
import { strategyCalls } from './strategy-calls.ts';

export type StrategyLists = EndpointData<'screener.strategyListV3'>;
export type StrategySummary = StrategyLists['mine'][number];

/**
 * House and own strategies of a kind with today's count, changes and red points
 * (GET [fund/]userSelectStrategy/list_v3).
 */
export function strategyListQueryOptions(kind: StrategyKind = 'stock') {
  return endpointQuery(strategyCalls[kind].listV3 as 'screener.strategyListV3', undefined, {
    staleTime: 60 * 1000,
  });
}

export function useStrategyList(kind: StrategyKind = 'stock') {
  return useQuery(strategyListQueryOptions(kind));
}
