import { useQueryClient } from '@tanstack/react-query';
import { useLocalState } from '../../../platform/session/local-store.ts';
import { type QuoteSocket, useQuoteSubscription } from '../../../platform/socket/index.ts';
import { commentUnreadQueryOptions, useCommentUnreadCount } from '../api/comment-messages.ts';

/**
 * The signed-in user's unread comment messages (issue 17 item 6): read once, then kept current by
 * the socket, which the server tells of every reply and like without the page polling. A pushed
 * count also refreshes the message list.
 */
export function useCommentUnread(socket?: QuoteSocket): number {
  const signedIn = useLocalState((state) => state.token !== null);
  const queryClient = useQueryClient();
  const count = useCommentUnreadCount(signedIn);
  useQuoteSubscription(
    [],
    (message) => {
      if (message.type !== 'commentUnread') return;
      queryClient.setQueryData(commentUnreadQueryOptions.queryKey, { unread: message.unread });
      void queryClient.invalidateQueries({ queryKey: ['community', 'msgList'] });
    },
    socket,
    { enabled: signedIn },
  );
  return signedIn ? (count.data?.unread ?? 0) : 0;
}
