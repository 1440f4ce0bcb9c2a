import { useQuery } from '@tanstack/react-query';
import { type EndpointData, endpointQuery } from '../../../platform/query/endpoint-query.ts';
import type { WatchlistMarket } from './watchlist-items.ts';

export type AverageChange = EndpointData<'watchlist.avgChg'>;

/**
 * The header summary: the group's equal-weighted 平均涨跌 and 涨/跌/平 counts (POST
 * /api/v2/opt/avgChg?subColumn=&groupId=, the market in the body).
 */
export function averageChangeQueryOptions(
  groupId: number | undefined,
  market: WatchlistMarket,
  enabled = true,
) {
  return endpointQuery(
    'watchlist.avgChg',
    { subColumn: 'chgPct', market, ...(groupId === undefined ? {} : { groupId }) },
    { enabled, staleTime: 30 * 1000 },
  );
}

export function useAverageChange(groupId: number | undefined, market: WatchlistMarket, enabled = true) {
  return useQuery(averageChangeQueryOptions(groupId, market, enabled));
}
