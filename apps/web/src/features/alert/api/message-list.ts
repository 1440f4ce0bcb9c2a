import { useQuery } from '@tanstack/react-query';
import { type EndpointData, endpointQuery } from '../../../platform/query/endpoint-query.ts';

export type MessagePage = EndpointData<'alert.messageList'>;
export type MessageCategory = 'alert' | 'notice';

/** The message box, newest first (GET /api/v2/pricePush/messageList; /messageBox). */
export function messageListQueryOptions(category: MessageCategory | undefined) {
  return endpointQuery('alert.messageList', { ...(category ? { category } : {}), page: 1, size: 50 });
}

export function useMessageList(category: MessageCategory | undefined, enabled: boolean) {
  return useQuery({ ...messageListQueryOptions(category), enabled });
}
