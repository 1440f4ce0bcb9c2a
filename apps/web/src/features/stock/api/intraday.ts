import { queryOptions, useQuery } from '@tanstack/react-query';
import type { api, DatasOf } from '@zhicai/contract';
import { request } from '../../../platform/request/request.ts';

export type MinuteRows = DatasOf<typeof api.market.subscribeShare>;

/** Minute rows of the last `days` sessions (GET /api/v2/k/subscribeShare): 1 for 分时, 5 for 五日. */
export function intradayQueryOptions(code: string, days: 1 | 5) {
  return queryOptions({
    queryKey: ['market', 'subscribeShare', code, days],
    queryFn: ({ signal }): Promise<MinuteRows> =>
      request('market.subscribeShare', { code, days }, { signal }),
    staleTime: 30 * 1000,
  });
}

export function useIntraday(code: string, days: 1 | 5, enabled: boolean) {
  return useQuery({ ...intradayQueryOptions(code, days), enabled });
}
