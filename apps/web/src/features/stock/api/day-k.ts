import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DayKDatas } from '@zhicai/contract';
import { request } from '../../../platform/request/request.ts';

/** The full daily history with adjustment factors (GET /api/v4/dayKV2/:code; the code is a path param). */
export function dayKQueryOptions(code: string) {
  return queryOptions({
    queryKey: ['market', 'dayKV2', code],
    queryFn: ({ signal }): Promise<DayKDatas> => request('market.dayKV2', { code }, { signal }),
    staleTime: 5 * 60 * 1000,
  });
}

export function useDayK(code: string, enabled: boolean) {
  return useQuery({ ...dayKQueryOptions(code), enabled });
}
