import { useQuery } from '@tanstack/react-query';
import { endpointQuery } from '../../../platform/query/endpoint-query.ts';

/** How often /paySuccess asks again while the payment notification has not arrived. */
export const ORDER_POLL_MS = 2000;

/**
 * One order and the membership after it (GET /api/v2/order/info). `poll` asks again every 2 s
 * while the order is pending: the payment is confirmed by WeChat's notification to the server, a
 * moment after the payer returns.
 */
export function orderQueryOptions(orderId: number | null, options: { poll?: boolean } = {}) {
  return endpointQuery(
    'member.order',
    { orderId: orderId ?? 0 },
    {
      enabled: orderId !== null,
      refetchInterval: (query) =>
        options.poll && query.state.data?.order.status === 'pending' ? ORDER_POLL_MS : false,
    },
  );
}

export function useOrder(orderId: number | null, options: { poll?: boolean } = {}) {
  return useQuery(orderQueryOptions(orderId, options));
}
