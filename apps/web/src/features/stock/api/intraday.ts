import { useQuery } from '@tanstack/react-query';
import { type EndpointData, endpointQuery } from '../../../platform/query/endpoint-query.ts';

export type MinuteRows = EndpointData<'market.subscribeShare'>;

/** Minute rows of the last `days` sessions (GET /api/v2/k/subscribeShare): 1 for 分时, 5 for 五日. */
export function intradayQueryOptions(code: string, days: 1 | 5) {
  return endpointQuery('market.subscribeShare', { code, days }, { staleTime: 30 * 1000 });
}

export function useIntraday(code: string, days: 1 | 5, enabled: boolean) {
  return useQuery({ ...intradayQueryOptions(code, days), enabled });
}
