import { useQuery } from '@tanstack/react-query';
import { type EndpointData, endpointQuery } from '../../../platform/query/endpoint-query.ts';
import { overviewStaleTime } from './overview-stale-time.ts';

export type CapitalSort = 'rise' | 'fall' | 'turnover' | 'amount';
export type QuoteRow = EndpointData<'market.riseFallCapitals'>[number];

/** 涨幅榜/跌幅榜/换手率/成交额 (GET /api/v2/rank/riseFallCapitals). */
export function riseFallCapitalsQueryOptions(sort: CapitalSort, size = 10) {
  return endpointQuery('market.riseFallCapitals', { sort, size }, { staleTime: overviewStaleTime });
}

export function useRiseFallCapitals(sort: CapitalSort, size = 10) {
  return useQuery(riseFallCapitalsQueryOptions(sort, size));
}
