import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { WatchlistColumn } from '@zhicai/contract';
import { type EndpointData, endpointQuery } from '../../../platform/query/endpoint-query.ts';

export type WatchlistItems = EndpointData<'watchlist.listOptionalV4Items'>;
export type WatchlistRow = WatchlistItems['items'][number];
export type WatchlistMarket = 'all' | 'hs' | 'hk' | 'fund';
export type SortColumn = 'default' | 'name' | 'code' | WatchlistColumn;
export type SortDirection = 'desc' | 'asc';

export interface WatchlistItemsParams {
  /** A user group; undefined for 全部 (and the market tabs, which filter 全部). */
  groupId: number | undefined;
  market: WatchlistMarket;
  column: SortColumn;
  direction: SortDirection;
}

/**
 * The list with live quote columns (POST /api/v2/opt/listOptionalV4Items?column=&subColumn=), sorted
 * by the server; pinned rows always come first. Keyed like every endpoint query, so any watchlist
 * write (which invalidates the group) reloads it.
 */
export function watchlistItemsQueryOptions(params: WatchlistItemsParams, enabled = true) {
  const { groupId, market, column, direction } = params;
  return endpointQuery(
    'watchlist.listOptionalV4Items',
    { column, subColumn: direction, market, ...(groupId === undefined ? {} : { groupId }) },
    // Quotes arrive over the socket; the list itself changes only by the user's own writes.
    { enabled, staleTime: 30 * 1000 },
  );
}

/** Keeps the previous order on screen while another sort or tab loads. */
export function useWatchlistItems(params: WatchlistItemsParams, enabled = true) {
  return useQuery({ ...watchlistItemsQueryOptions(params, enabled), placeholderData: keepPreviousData });
}
