import { useQuery } from '@tanstack/react-query';
import { type EndpointData, endpointQuery } from '../../../platform/query/endpoint-query.ts';

export type EtfLinkFund = EndpointData<'etf.linkFund'>;

/** Feeder funds of an ETF and similar ETFs (GET /api/v4/etf/linkFund/:code). */
export function etfLinkFundQueryOptions(code: string) {
  return endpointQuery('etf.linkFund', { code }, { enabled: code !== '', staleTime: 10 * 60 * 1000 });
}

export function useEtfLinkFund(code: string) {
  return useQuery(etfLinkFundQueryOptions(code));
}
