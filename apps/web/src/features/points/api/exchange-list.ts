import { useInfiniteQuery } from '@tanstack/react-query';
import { endpointCursorQuery } from '../../../platform/query/endpoint-query.ts';

/** 我的兑换 with delivery status, newest first (GET /api/v2/pointShop/exchangeList). */
export const exchangeListQueryOptions = endpointCursorQuery('points.exchangeList', { size: 20 });

export function useExchangeList(enabled: boolean) {
  return useInfiniteQuery({ ...exchangeListQueryOptions, enabled });
}
