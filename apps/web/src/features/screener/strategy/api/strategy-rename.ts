import {
  type EndpointMutationOptions,
  useEndpointMutation,
} from '../../../../platform/query/endpoint-query.ts';

/** Renames one of the user's stock strategies (POST userSelectStrategy/rename). */
export function useStrategyRename(options: EndpointMutationOptions<'screener.strategyRename'> = {}) {
  return useEndpointMutation('screener.strategyRename', options);
}
