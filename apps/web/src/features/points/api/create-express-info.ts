import { useEndpointMutation } from '../../../platform/query/endpoint-query.ts';

/** Saves a delivery address (POST /api/v2/raffle/createExpressInfo); express/last reloads. */
export function useCreateExpressInfo() {
  return useEndpointMutation('points.createExpressInfo');
}
