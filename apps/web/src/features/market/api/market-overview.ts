import { queryOptions, useQuery } from '@tanstack/react-query';
import type { api, DatasOf } from '@zhicai/contract';
import { request } from '../../../platform/request/request.ts';

export type MarketSummary = DatasOf<typeof api.market.marketSummary>;
export type PlatePage = DatasOf<typeof api.market.plateStatV2Page>;
export type PlateRow = PlatePage['list'][number];
export type ConnectSummary = DatasOf<typeof api.market.northSummary>;
export type CapitalSort = 'rise' | 'fall' | 'turnover' | 'amount';
export type QuoteRow = DatasOf<typeof api.market.riseFallCapitals>[number];

/** Every query of the home page's market sections starts with this key, so one refresh reloads all. */
export const marketOverviewKey = ['market', 'overview'] as const;

// The overview moves during the session; a minute keeps the tab switch cheap without going stale.
const overviewStaleTime = 60 * 1000;

/** 涨跌分布 and the day's counts (GET /api/v4/market/marketSummary). */
export const marketSummaryQueryOptions = queryOptions({
  queryKey: [...marketOverviewKey, 'summary'],
  queryFn: ({ signal }): Promise<MarketSummary> => request('market.marketSummary', {}, { signal }),
  staleTime: overviewStaleTime,
});

export function useMarketSummary() {
  return useQuery(marketSummaryQueryOptions);
}

/** 行业板块 leaders or laggards: ascOrDesc '-1' sorts the best first, '1' the worst first. */
export function plateStatQueryOptions(ascOrDesc: '1' | '-1', size = 6) {
  return queryOptions({
    queryKey: [...marketOverviewKey, 'plates', 'industry', ascOrDesc, size],
    queryFn: ({ signal }): Promise<PlatePage> =>
      request('market.plateStatV2Page', { plate: 'industry', ascOrDesc, page: 1, size }, { signal }),
    staleTime: overviewStaleTime,
  });
}

export function usePlateStat(ascOrDesc: '1' | '-1', size = 6) {
  return useQuery(plateStatQueryOptions(ascOrDesc, size));
}

/** 涨幅榜/跌幅榜/换手率/成交额 (GET /api/v2/rank/riseFallCapitals). */
export function riseFallCapitalsQueryOptions(sort: CapitalSort, size = 10) {
  return queryOptions({
    queryKey: [...marketOverviewKey, 'capitals', sort, size],
    queryFn: ({ signal }): Promise<QuoteRow[]> =>
      request('market.riseFallCapitals', { sort, size }, { signal }),
    staleTime: overviewStaleTime,
  });
}

export function useRiseFallCapitals(sort: CapitalSort, size = 10) {
  return useQuery(riseFallCapitalsQueryOptions(sort, size));
}

/** 北向资金 (GET /api/v2/market/northSummary). */
export const northSummaryQueryOptions = queryOptions({
  queryKey: [...marketOverviewKey, 'north'],
  queryFn: ({ signal }): Promise<ConnectSummary> => request('market.northSummary', undefined, { signal }),
  staleTime: overviewStaleTime,
});

export function useNorthSummary() {
  return useQuery(northSummaryQueryOptions);
}
