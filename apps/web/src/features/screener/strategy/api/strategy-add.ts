import {
  type EndpointMutationOptions,
  useEndpointMutation,
} from '../../../../platform/query/endpoint-query.ts';

/** Saves a screen as one of the user's stock strategies (POST userSelectStrategy/add). */
export function useStrategyAdd(options: EndpointMutationOptions<'screener.strategyAdd'> = {}) {
  return useEndpointMutation('screener.strategyAdd', options);
}
