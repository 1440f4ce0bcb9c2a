import {
  type EndpointMutationOptions,
  useEndpointMutation,
} from '../../../../platform/query/endpoint-query.ts';

/** Replaces the conditions of one of the user's stock strategies and re-runs it (POST userSelectStrategy/updateCondition/{id}). */
export function useStrategyUpdateCondition(
  options: EndpointMutationOptions<'screener.strategyUpdateCondition'> = {},
) {
  return useEndpointMutation('screener.strategyUpdateCondition', options);
}
