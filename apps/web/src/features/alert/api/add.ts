import { useEndpointMutation } from '../../../platform/query/endpoint-query.ts';

/**
 * Sets one alert of an instrument (GET /api/v2/pricePush/add). The editor saves its rows through
 * this one by one: batchAdd carries its code in the query of a POST, which the request wrapper does
 * not send (spec 1 §7: a POST sends its payload as the JSON body).
 */
export function useAddAlert() {
  return useEndpointMutation('alert.add');
}
