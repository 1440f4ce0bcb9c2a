import { queryOptions, useQuery } from '@tanstack/react-query';
import type { api, DatasOf } from '@zhicai/contract';
import { request } from '../../../platform/request/request.ts';
import { etfQueryKey } from './etf-hold-all.ts';

export type EtfLinkFund = DatasOf<typeof api.etf.linkFund>;

export function etfLinkFundQueryOptions(code: string) {
  return queryOptions({
    queryKey: [...etfQueryKey(code), 'linkFund'],
    queryFn: ({ signal }): Promise<EtfLinkFund> => request('etf.linkFund', { code }, { signal }),
    enabled: code !== '',
    staleTime: 10 * 60 * 1000,
  });
}

/** Feeder funds of an ETF and similar ETFs (GET /api/v4/etf/linkFund/:code). */
export function useEtfLinkFund(code: string) {
  return useQuery(etfLinkFundQueryOptions(code));
}
