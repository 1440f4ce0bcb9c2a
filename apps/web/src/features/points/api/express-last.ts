import { useQuery } from '@tanstack/react-query';
import { endpointQuery } from '../../../platform/query/endpoint-query.ts';

/** The last saved delivery address, to prefill the exchange form (GET /api/v2/express/last). */
export const expressLastQueryOptions = endpointQuery('points.expressLast');

export function useExpressLast(enabled: boolean) {
  return useQuery({ ...expressLastQueryOptions, enabled });
}
