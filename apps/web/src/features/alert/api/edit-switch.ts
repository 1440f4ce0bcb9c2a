import { type EndpointMutationOptions, useEndpointMutation } from '../../../platform/query/endpoint-query.ts';

/** Changes one switch (POST /api/v2/userSwitch/edit). */
export function useEditSwitch(options: EndpointMutationOptions<'alert.editSwitch'> = {}) {
  return useEndpointMutation('alert.editSwitch', options);
}
