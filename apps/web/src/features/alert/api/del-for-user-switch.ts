import { type EndpointMutationOptions, useEndpointMutation } from '../../../platform/query/endpoint-query.ts';

/** Deletes alerts by id (POST /api/v2/pricePush/delForUserSwitch). */
export function useDeleteAlerts(options: EndpointMutationOptions<'alert.delForUserSwitch'> = {}) {
  return useEndpointMutation('alert.delForUserSwitch', options);
}
