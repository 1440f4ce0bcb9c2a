import { useQuery } from '@tanstack/react-query';
import { type EndpointData, endpointQuery } from '../../../platform/query/endpoint-query.ts';

export type EtfValuation = EndpointData<'etf.valuation'>;

/**
 * The ETF's tracked index and previous NAV (GET /api/v4/etf/valuation/:code): the page moves the
 * NAV with the index's live quote to get IOPV and the premium. The previous NAV changes once a day.
 */
export function etfValuationQueryOptions(code: string) {
  return endpointQuery('etf.valuation', { code }, { enabled: code !== '', staleTime: 60 * 1000 });
}

export function useEtfValuation(code: string) {
  return useQuery(etfValuationQueryOptions(code));
}
