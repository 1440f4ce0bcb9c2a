import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AppMenu } from '@zhicai/contract';
import { request } from '../../../platform/request/request.ts';

/** The home page's function entries (spec 2 §7.3 GET /api/v2/config/getAppMenus). */
export async function fetchAppMenus(signal?: AbortSignal): Promise<AppMenu[]> {
  return request('config.getAppMenus', undefined, { signal });
}

export const appMenusQueryOptions = queryOptions({
  queryKey: ['config', 'appMenus'],
  queryFn: ({ signal }) => fetchAppMenus(signal),
  // Operators change the menu rarely; a pull-to-refresh fetches it on demand.
  staleTime: 10 * 60 * 1000,
});

export function useAppMenus() {
  return useQuery(appMenusQueryOptions);
}
