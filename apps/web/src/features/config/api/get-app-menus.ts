import { useQuery } from '@tanstack/react-query';
import { endpointQuery } from '../../../platform/query/endpoint-query.ts';

/** The home page's function entries (spec 2 §7.3 GET /api/v2/config/getAppMenus). */
export const appMenusQueryOptions = endpointQuery('config.getAppMenus', undefined, {
  // Operators change the menu rarely; a pull-to-refresh fetches it on demand.
  staleTime: 10 * 60 * 1000,
});

export function useAppMenus() {
  return useQuery(appMenusQueryOptions);
}
