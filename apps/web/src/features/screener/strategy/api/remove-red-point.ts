import {
  type EndpointMutationOptions,
  useEndpointMutation,
} from '../../../../platform/query/endpoint-query.ts';

/** Clears a strategy's red point once its changes are seen (POST /api/v3/stockP/removeRedPoint). */
export function useRemoveRedPoint(options: EndpointMutationOptions<'screener.strategyRemoveRedPoint'> = {}) {
  return useEndpointMutation('screener.strategyRemoveRedPoint', options);
}
