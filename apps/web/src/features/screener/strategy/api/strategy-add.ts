import type { StrategyKind } from '@zhicai/contract';
import {
  type EndpointMutationOptions,
  useEndpointMutation,
} from '../../../../platform/query/endpoint-query.ts';
import { strategyCalls } from './strategy-calls.ts';

/** Saves a screen as one of the user's strategies of a kind (POST [fund/]userSelectStrategy/add). */
export function useStrategyAdd(
  kind: StrategyKind,
  options: EndpointMutationOptions<'screener.strategyAdd'> = {},
) {
  return useEndpointMutation(strategyCalls[kind].add as 'screener.strategyAdd', options);
}
