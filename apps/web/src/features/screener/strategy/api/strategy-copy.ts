import {
  type EndpointMutationOptions,
  useEndpointMutation,
} from '../../../../platform/query/endpoint-query.ts';

/** Copies a stock strategy (a house one too) into the user's own (POST userSelectStrategy/copyStrategy). */
export function useStrategyCopy(options: EndpointMutationOptions<'screener.strategyCopy'> = {}) {
  return useEndpointMutation('screener.strategyCopy', options);
}
