import { useQuery } from '@tanstack/react-query';
import { type EndpointData, endpointQuery } from '../../../../platform/query/endpoint-query.ts';

export type SwingStocks = EndpointData<'market.swingStocks'>;
export type SwingEvent = SwingStocks['list'][number];

/**
 * The list is judged on minute bars, so it can only change once a minute: while the session is live
 * it is fetched again every 20 s (a new minute shows within a third of a minute of its end); once the
 * market has shut, never.
 */
export const swingRefetchMs = 20 * 1000;

/** 异动个股 (GET /api/v3/market/swingStocks): every kind, newest first; the page filters. */
export const swingStocksQueryOptions = endpointQuery(
  'market.swingStocks',
  { size: 500 },
  {
    staleTime: 15 * 1000,
    refetchInterval: (query) => (query.state.data?.live ? swingRefetchMs : false),
  },
);

export function useSwingStocks() {
  return useQuery(swingStocksQueryOptions);
}
