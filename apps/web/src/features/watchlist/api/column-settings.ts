import { useQuery } from '@tanstack/react-query';
import { endpointQuery } from '../../../platform/query/endpoint-query.ts';

/** Which market's columns: A-shares (optSort/get) or Hong Kong (optSort/getHk). */
export type ColumnMarket = 'cn' | 'hk';

/** The user's columns, shown and in order (GET /api/v2/optSort/get or getHk). */
export function columnSettingsQueryOptions(market: ColumnMarket, enabled = true) {
  return market === 'hk'
    ? endpointQuery('watchlist.sortGetHk', undefined, { enabled, staleTime: 5 * 60 * 1000 })
    : endpointQuery('watchlist.sortGet', undefined, { enabled, staleTime: 5 * 60 * 1000 });
}

export function useColumnSettings(market: ColumnMarket, enabled = true) {
  return useQuery(columnSettingsQueryOptions(market, enabled));
}
