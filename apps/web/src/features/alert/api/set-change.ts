import { type EndpointMutationOptions, useEndpointMutation } from '../../../platform/query/endpoint-query.ts';

/** Pauses, resumes or edits one alert (GET /api/v2/pricePush/setChange). */
export function useSetChange(options: EndpointMutationOptions<'alert.setChange'> = {}) {
  return useEndpointMutation('alert.setChange', options);
}
