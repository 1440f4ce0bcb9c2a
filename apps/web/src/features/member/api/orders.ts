import { useQuery } from '@tanstack/react-query';
import { endpointQuery } from '../../../platform/query/endpoint-query.ts';

/** 我的订单 (GET /api/v2/order/list), newest first. */
export function ordersQueryOptions(signedIn: boolean) {
  return endpointQuery('member.orders', undefined, { enabled: signedIn });
}

export function useOrders(signedIn: boolean) {
  return useQuery(ordersQueryOptions(signedIn));
}
