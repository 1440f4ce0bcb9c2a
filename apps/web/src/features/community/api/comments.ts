import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import {
  type EndpointData,
  endpointCursorQuery,
  endpointQuery,
  useEndpointMutation,
} from '../../../platform/query/endpoint-query.ts';

export type CommentPage = EndpointData<'community.list'>;
export type CommentItem = CommentPage['list'][number];

/** A thread's comments (or a comment's replies), newest first, by cursor (GET generalComment/list). */
export function commentsQueryOptions(threadKey: string, parentId?: number) {
  return endpointCursorQuery('community.list', { threadKey, ...(parentId ? { parentId } : {}), size: 20 });
}

export function useComments(threadKey: string, parentId?: number) {
  return useInfiniteQuery(commentsQueryOptions(threadKey, parentId));
}

/** One comment (GET generalComment/detail): /comment-detail and the column comment page. */
export function useCommentDetail(id: number) {
  return useQuery({ ...endpointQuery('community.detail', { id }), enabled: id > 0 });
}

/** Posts a comment or a reply (POST generalComment/comment). */
export function usePostComment() {
  return useEndpointMutation('community.comment');
}

/** Likes a comment once (POST generalComment/like). */
export function useLikeComment() {
  return useEndpointMutation('community.like');
}

/** Reports a comment (POST generalComment/tipoff). */
export function useTipoff() {
  return useEndpointMutation('community.tipoff');
}
