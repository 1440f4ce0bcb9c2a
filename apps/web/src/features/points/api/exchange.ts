import { type EndpointMutationOptions, useEndpointMutation } from '../../../platform/query/endpoint-query.ts';

/** Exchanges a good for points (POST /api/v2/pointShop/exchange); reloads balance, stock and lists. */
export function useExchange(options?: EndpointMutationOptions<'points.exchange'>) {
  return useEndpointMutation('points.exchange', options);
}
