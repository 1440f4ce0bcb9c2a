import { useQuery } from '@tanstack/react-query';
import { endpointQuery } from '../../../platform/query/endpoint-query.ts';

/** The full daily history with adjustment factors (GET /api/v4/dayKV2/:code; the code is a path param). */
export function dayKQueryOptions(code: string) {
  return endpointQuery('market.dayKV2', { code }, { staleTime: 5 * 60 * 1000 });
}

export function useDayK(code: string, enabled: boolean) {
  return useQuery({ ...dayKQueryOptions(code), enabled });
}
