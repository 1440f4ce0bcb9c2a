import { queryOptions, useQuery } from '@tanstack/react-query';
import type { api, DatasOf } from '@zhicai/contract';
import { request } from '../../../platform/request/request.ts';
import { etfQueryKey } from './etf-hold-all.ts';

export type EtfIndustryMap = DatasOf<typeof api.index.swMap>;

export function etfIndustryQueryOptions(code: string) {
  return queryOptions({
    queryKey: [...etfQueryKey(code), 'swMap'],
    queryFn: ({ signal }): Promise<EtfIndustryMap> => request('index.swMap', { code }, { signal }),
    enabled: code !== '',
    staleTime: 10 * 60 * 1000,
  });
}

/** The SW industry split of an ETF's holdings (GET /api/v4/index/swMap/all/:code); weights are percents. */
export function useEtfIndustry(code: string) {
  return useQuery(etfIndustryQueryOptions(code));
}
