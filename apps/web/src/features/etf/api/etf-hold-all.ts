import { useQuery } from '@tanstack/react-query';
import { type EndpointData, endpointQuery } from '../../../platform/query/endpoint-query.ts';

export type EtfHoldAll = EndpointData<'etf.holdAll'>;

/** All holdings of an ETF (GET /api/v4/etf/holdAll/:code); holdScale is a percent. */
export function etfHoldAllQueryOptions(code: string) {
  return endpointQuery('etf.holdAll', { code }, { enabled: code !== '', staleTime: 10 * 60 * 1000 });
}

export function useEtfHoldAll(code: string) {
  return useQuery(etfHoldAllQueryOptions(code));
}
