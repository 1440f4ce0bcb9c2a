import { useQuery } from '@tanstack/react-query';
import { type EndpointData, endpointQuery } from '../../../platform/query/endpoint-query.ts';
import { overviewStaleTime } from './overview-stale-time.ts';

export type MarketSummary = EndpointData<'market.marketSummary'>;

/** 涨跌分布 and the day's counts (GET /api/v4/market/marketSummary). */
export const marketSummaryQueryOptions = endpointQuery(
  'market.marketSummary',
  {},
  { staleTime: overviewStaleTime },
);

export function useMarketSummary() {
  return useQuery(marketSummaryQueryOptions);
}
