import { useQuery } from '@tanstack/react-query';
import type { EndpointData } from '../../../platform/query/endpoint-query.ts';
import { postWithQuery } from './post-with-query.ts';
import type { WatchlistMarket } from './watchlist-items.ts';

export type AverageChange = EndpointData<'watchlist.avgChg'>;

/** The header summary: the group's equal-weighted 平均涨跌 and 涨/跌/平 counts (POST /api/v2/opt/avgChg). */
export function averageChangeQueryOptions(
  groupId: number | undefined,
  market: WatchlistMarket,
  enabled = true,
) {
  return {
    queryKey: ['watchlist', 'avgChg', { groupId, market, subColumn: 'chgPct' }] as const,
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      postWithQuery('watchlist.avgChg', { subColumn: 'chgPct', groupId }, { market }, { signal }),
    enabled,
    staleTime: 30 * 1000,
  };
}

export function useAverageChange(groupId: number | undefined, market: WatchlistMarket, enabled = true) {
  return useQuery(averageChangeQueryOptions(groupId, market, enabled));
}
