import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import {
  type EndpointData,
  endpointCursorQuery,
  endpointQuery,
  useEndpointMutation,
} from '../../../platform/query/endpoint-query.ts';

export type CommentMessagePage = EndpointData<'community.msgList'>;

/** Replies to and likes of my comments, newest first (GET generalComment/msgList). */
export function useCommentMessages(enabled: boolean) {
  return useInfiniteQuery({ ...endpointCursorQuery('community.msgList', { size: 20 }), enabled });
}

/** How many of them are unread (GET generalComment/unreadCount); the socket keeps it current. */
export const commentUnreadQueryOptions = endpointQuery('community.unreadCount', undefined, {
  staleTime: 60_000,
});

export function useCommentUnreadCount(enabled: boolean) {
  return useQuery({ ...commentUnreadQueryOptions, enabled });
}

/** Marks messages read, all without ids (POST generalComment/readMsg). */
export function useReadCommentMessages() {
  return useEndpointMutation('community.readMsg');
}

/** Deletes one message (POST generalComment/delMsg). */
export function useDeleteCommentMessage() {
  return useEndpointMutation('community.delMsg');
}
