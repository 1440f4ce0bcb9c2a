import type { StrategyKind } from '@zhicai/contract';
import {
  type EndpointMutationOptions,
  useEndpointMutation,
} from '../../../../platform/query/endpoint-query.ts';
import { strategyCalls } from './strategy-calls.ts';

/** Replaces the conditions of one of the user's strategies and re-runs it (POST [fund/]userSelectStrategy/updateCondition/{id}). */
export function useStrategyUpdateCondition(
  kind: StrategyKind,
  options: EndpointMutationOptions<'screener.strategyUpdateCondition'> = {},
) {
  return useEndpointMutation(
    strategyCalls[kind].updateCondition as 'screener.strategyUpdateCondition',
    options,
  );
}
