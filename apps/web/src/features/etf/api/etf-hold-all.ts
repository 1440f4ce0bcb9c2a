import { queryOptions, useQuery } from '@tanstack/react-query';
import type { api, DatasOf } from '@zhicai/contract';
import { request } from '../../../platform/request/request.ts';

export type EtfHoldAll = DatasOf<typeof api.etf.holdAll>;

/** Every query of one ETF's detail page starts with this key, so pull-to-refresh can refetch them together. */
export const etfQueryKey = (code: string) => ['etf', code] as const;

export function etfHoldAllQueryOptions(code: string) {
  return queryOptions({
    queryKey: [...etfQueryKey(code), 'holdAll'],
    queryFn: ({ signal }): Promise<EtfHoldAll> => request('etf.holdAll', { code }, { signal }),
    enabled: code !== '',
    staleTime: 10 * 60 * 1000,
  });
}

/** All holdings of an ETF (GET /api/v4/etf/holdAll/:code); holdScale is a percent. */
export function useEtfHoldAll(code: string) {
  return useQuery(etfHoldAllQueryOptions(code));
}
