import { type EndpointMutationOptions, useEndpointMutation } from '../../../platform/query/endpoint-query.ts';

/** Deletes every alert of one instrument (GET /api/v2/pricePush/deleteByCode). */
export function useDeleteByCode(options: EndpointMutationOptions<'alert.deleteByCode'> = {}) {
  return useEndpointMutation('alert.deleteByCode', options);
}
