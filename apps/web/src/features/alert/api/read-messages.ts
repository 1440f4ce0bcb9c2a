import { type EndpointMutationOptions, useEndpointMutation } from '../../../platform/query/endpoint-query.ts';

/** Marks messages read (POST /api/v2/pricePush/readMessages). */
export function useReadMessages(options: EndpointMutationOptions<'alert.readMessages'> = {}) {
  return useEndpointMutation('alert.readMessages', options);
}
