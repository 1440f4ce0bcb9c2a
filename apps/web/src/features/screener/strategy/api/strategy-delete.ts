import {
  type EndpointMutationOptions,
  useEndpointMutation,
} from '../../../../platform/query/endpoint-query.ts';

/** Deletes one of the user's stock strategies (POST userSelectStrategy/del). */
export function useStrategyDelete(options: EndpointMutationOptions<'screener.strategyDel'> = {}) {
  return useEndpointMutation('screener.strategyDel', options);
}
