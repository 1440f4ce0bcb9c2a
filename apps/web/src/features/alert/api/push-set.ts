import { type EndpointMutationOptions, useEndpointMutation } from '../../../platform/query/endpoint-query.ts';

/** Changes a push topic or the quiet hours (POST /api/v2/user/pushSet; sets break_favorite). */
export function usePushSet(options: EndpointMutationOptions<'alert.pushSet'> = {}) {
  return useEndpointMutation('alert.pushSet', options);
}
