import { type EndpointMutationOptions, useEndpointMutation } from '../../../platform/query/endpoint-query.ts';

/**
 * Today's check-in (POST /api/v2/pointShop/receive). Success reloads the points group, hasSign
 * included, so the 签到 prompt stays away for the rest of the day.
 */
export function useReceive(options?: EndpointMutationOptions<'points.receive'>) {
  return useEndpointMutation('points.receive', options);
}
