import { queryOptions, useQuery } from '@tanstack/react-query';
import type { api, DatasOf } from '@zhicai/contract';
import { request } from '../../../platform/request/request.ts';

export type SwMap = DatasOf<typeof api.index.swMap>;

/** The SW industry split of an index's constituents (GET /api/v4/index/swMap/all/:code). */
export function swMapQueryOptions(code: string) {
  return queryOptions({
    queryKey: ['index', 'swMap', code],
    queryFn: ({ signal }): Promise<SwMap> => request('index.swMap', { code }, { signal }),
    staleTime: 60 * 60 * 1000,
  });
}

export function useSwMap(code: string) {
  return useQuery(swMapQueryOptions(code));
}
