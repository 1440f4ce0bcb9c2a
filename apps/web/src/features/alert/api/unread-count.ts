import { useQuery } from '@tanstack/react-query';
import { type EndpointData, endpointQuery } from '../../../platform/query/endpoint-query.ts';

export type UnreadCount = EndpointData<'alert.unreadCount'>;

/** Unread messages by category (GET /api/v2/pricePush/unreadCount): the 我的 badge, /meNotification. */
export const unreadCountQueryOptions = endpointQuery('alert.unreadCount', undefined, { staleTime: 30_000 });

export function useUnreadCount(enabled: boolean) {
  return useQuery({ ...unreadCountQueryOptions, enabled });
}
