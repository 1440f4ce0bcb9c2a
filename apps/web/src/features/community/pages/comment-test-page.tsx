import { href } from '@zhicai/contract';
import { useNavigate } from 'react-router';
import { useLocalState } from '../../../platform/session/local-store.ts';
import { PageHeader, useRouteTitle } from '../../../ui/page-header/index.ts';
import { PullToRefresh } from '../../../ui/pull-to-refresh/pull-to-refresh.tsx';
import { QueryStates } from '../../../ui/section/index.ts';
import { SignInPrompt } from '../../../ui/sign-in-prompt/index.ts';
import { toast } from '../../../ui/toast/toast.ts';
import {
  useCommentMessages,
  useDeleteCommentMessage,
  useReadCommentMessages,
} from '../api/comment-messages.ts';
import { beijingTime, failureText } from '../community-rules.ts';
import { MoreButton } from '../components/more-button.tsx';
import { useCommentUnread } from '../hooks/use-comment-unread.ts';
import '../community.css';

/**
 * /comment-test (评论): my comment messages — replies to and likes of my comments — newest first,
 * unread marked; the unread count arrives live over the socket. Tapping one marks it read and
 * opens the comment.
 */
export default function CommentTestPage() {
  const routeTitle = useRouteTitle('评论消息');
  const signedIn = useLocalState((state) => state.token !== null);
  const unread = useCommentUnread();
  const messages = useCommentMessages(signedIn);
  const read = useReadCommentMessages();
  const remove = useDeleteCommentMessage();
  const navigate = useNavigate();
  const onError = (error: Error) => toast.error(failureText(error, '操作失败，请稍后再试'));

  return (
    <>
      <PageHeader
        title={unread > 0 ? `${routeTitle}（${unread}）` : routeTitle}
        right={
          unread > 0 ? (
            <button
              type="button"
              className="page-header__action"
              onClick={() => read.mutate({}, { onError })}
            >
              全部已读
            </button>
          ) : null
        }
      />
      {!signedIn ? (
        <main className="community-page">
          <SignInPrompt className="community-card" text="登录后查看回复和点赞" />
        </main>
      ) : (
        <PullToRefresh onRefresh={() => messages.refetch()}>
          <main className="community-page">
            <QueryStates
              query={messages}
              skeletonLines={5}
              errorText="消息加载失败"
              isEmpty={(data) => (data.pages[0]?.list.length ?? 0) === 0}
              emptyText="还没有人回复或赞你的评论"
            >
              {(data) => (
                <ul className="community-list" aria-label="评论消息">
                  {data.pages
                    .flatMap((page) => page.list)
                    .map((message) => (
                      <li
                        key={message.id}
                        className={
                          message.read
                            ? 'community-card community-message'
                            : 'community-card community-message is-unread'
                        }
                      >
                        <div className="community-message__row">
                          <button
                            type="button"
                            className="community-message__open"
                            onClick={() => {
                              if (!message.read) read.mutate({ ids: [message.id] }, { onError });
                              navigate(href('comment-detail', { id: String(message.commentId) }));
                            }}
                          >
                            <strong className="community-message__title">
                              {message.fromNickname} {message.kind === 'reply' ? '回复了你' : '赞了你的评论'}
                            </strong>
                            <p>{message.excerpt}</p>
                            <span className="community-muted">{beijingTime(message.createdAt)}</span>
                          </button>
                          <button
                            type="button"
                            className="community-message__delete"
                            aria-label="删除消息"
                            onClick={() => remove.mutate({ id: message.id }, { onError })}
                          >
                            删除
                          </button>
                        </div>
                      </li>
                    ))}
                </ul>
              )}
            </QueryStates>
            <MoreButton
              hasMore={messages.hasNextPage}
              loading={messages.isFetchingNextPage}
              onMore={() => messages.fetchNextPage()}
            />
          </main>
        </PullToRefresh>
      )}
    </>
  );
}
