import { href, tipoffReasonLabels, tipoffReasons } from '@zhicai/contract';
import { type FormEvent, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useLocalState } from '../../../platform/session/local-store.ts';
import { loginUrl } from '../../../platform/session/login-redirect.ts';
import { QueryStates } from '../../../ui/section/index.ts';
import { Sheet } from '../../../ui/sheet/index.ts';
import { toast } from '../../../ui/toast/toast.ts';
import { type CommentItem, useComments, useLikeComment, usePostComment, useTipoff } from '../api/comments.ts';
import { beijingTime, failureText } from '../community-rules.ts';
import { MoreButton } from './more-button.tsx';
import './comment-thread.css';

export interface CommentThreadProps {
  /** What the comments hang on: `article:<id>`, `column:<id>`, `topic:<id>`… */
  threadKey: string;
  /** Shows the replies of this comment instead of the thread's top-level comments. */
  parentId?: number;
  title?: string;
}

/**
 * A comment thread (issue 17): the comments newest first with 加载更多 by cursor, a box to post
 * (signed in), 赞 once, 回复, and 举报 with a reason; a comment reported by several readers shows
 * as hidden pending review. Comments are plain text and rendered as text, never as HTML.
 */
export function CommentThread({ threadKey, parentId, title = '评论' }: CommentThreadProps) {
  const comments = useComments(threadKey, parentId);
  const signedIn = useLocalState((state) => state.token !== null);
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const [replyTo, setReplyTo] = useState<CommentItem | null>(null);
  const [reporting, setReporting] = useState<CommentItem | null>(null);
  const like = useLikeComment();
  const tipoff = useTipoff();
  const signIn = () => navigate(loginUrl(`${pathname}${search}`));

  const total = comments.data?.pages[0]?.total;
  const query = {
    data: comments.data,
    isPending: comments.isPending,
    isError: comments.isError,
    refetch: comments.refetch,
  };

  return (
    <section className="comment-thread" aria-label={title}>
      <h2 className="comment-thread__title">
        {title}
        {total ? <span className="comment-thread__count">（{total}）</span> : null}
      </h2>
      {signedIn ? (
        <CommentBox
          threadKey={threadKey}
          parentId={replyTo ? replyTo.id : parentId}
          replyTo={replyTo}
          onCancelReply={() => setReplyTo(null)}
          onPosted={() => setReplyTo(null)}
        />
      ) : (
        <p className="comment-thread__signin">
          <Link to={loginUrl(`${pathname}${search}`)}>登录</Link>后参与评论
        </p>
      )}
      <QueryStates
        query={query}
        skeletonLines={4}
        errorText="评论加载失败"
        isEmpty={(data) => (data.pages[0]?.list.length ?? 0) === 0}
        emptyText="还没有评论，来说两句吧"
      >
        {(data) => (
          <>
            <ul className="comment-list" aria-label="评论列表">
              {data.pages
                .flatMap((page) => page.list)
                .map((comment) => (
                  <CommentRow
                    key={comment.id}
                    comment={comment}
                    onLike={() =>
                      signedIn
                        ? like.mutate(
                            { id: comment.id },
                            { onError: (error) => toast.error(failureText(error, '点赞失败，请稍后再试')) },
                          )
                        : signIn()
                    }
                    onReply={() => (signedIn ? setReplyTo(comment) : signIn())}
                    onReport={() => (signedIn ? setReporting(comment) : signIn())}
                    showReplies={parentId === undefined}
                  />
                ))}
            </ul>
            <MoreButton
              hasMore={comments.hasNextPage}
              loading={comments.isFetchingNextPage}
              onMore={() => comments.fetchNextPage()}
            />
          </>
        )}
      </QueryStates>
      <Sheet open={reporting !== null} onClose={() => setReporting(null)} title="举报评论">
        <ul className="comment-reasons" aria-label="举报原因">
          {tipoffReasons.map((reason) => (
            <li key={reason}>
              <button
                type="button"
                className="comment-reasons__item"
                disabled={tipoff.isPending}
                onClick={() => {
                  if (!reporting) return;
                  tipoff.mutate(
                    { id: reporting.id, reason },
                    {
                      onSuccess: (answer) => {
                        setReporting(null);
                        toast.success(
                          answer.hidden ? '举报成功，该评论已隐藏待审核' : '举报成功，我们会尽快处理',
                        );
                      },
                      onError: (error) => toast.error(failureText(error, '举报失败，请稍后再试')),
                    },
                  );
                }}
              >
                {tipoffReasonLabels[reason]}
              </button>
            </li>
          ))}
        </ul>
      </Sheet>
    </section>
  );
}

function CommentRow({
  comment,
  onLike,
  onReply,
  onReport,
  showReplies,
}: {
  comment: CommentItem;
  onLike: () => void;
  onReply: () => void;
  onReport: () => void;
  showReplies: boolean;
}) {
  const hiddenForMe = comment.hidden && !comment.mine;
  return (
    <li
      className={hiddenForMe ? 'comment is-hidden' : 'comment'}
      aria-label={`${comment.author.nickname}的评论`}
    >
      <div className="comment__head">
        <strong className="comment__author">{comment.author.nickname}</strong>
        {comment.replyTo ? <span className="comment__reply-to">回复 {comment.replyTo}</span> : null}
        <time className="comment__time" dateTime={comment.createdAt}>
          {beijingTime(comment.createdAt)}
        </time>
      </div>
      {hiddenForMe ? (
        <p className="comment__hidden">该评论被多位用户举报，正在审核中</p>
      ) : (
        <p className="comment__content">{comment.content}</p>
      )}
      {comment.hidden && comment.mine ? (
        <p className="comment__hidden">已被举报，审核期间仅自己可见</p>
      ) : null}
      {hiddenForMe ? null : (
        <div className="comment__actions">
          <button
            type="button"
            className={comment.liked ? 'comment__action is-on' : 'comment__action'}
            aria-pressed={comment.liked}
            disabled={comment.liked || comment.hidden}
            onClick={onLike}
          >
            {comment.liked ? '已赞' : '赞'} {comment.likeCount > 0 ? comment.likeCount : ''}
          </button>
          {comment.hidden ? null : (
            <button type="button" className="comment__action" onClick={onReply}>
              回复
            </button>
          )}
          {comment.mine ? null : (
            <button type="button" className="comment__action" disabled={comment.reported} onClick={onReport}>
              {comment.reported ? '已举报' : '举报'}
            </button>
          )}
        </div>
      )}
      {showReplies && comment.replyCount > 0 ? (
        <Link className="comment__replies" to={href('comment-detail', { id: String(comment.id) })}>
          查看 {comment.replyCount} 条回复
        </Link>
      ) : null}
    </li>
  );
}

function CommentBox({
  threadKey,
  parentId,
  replyTo,
  onCancelReply,
  onPosted,
}: {
  threadKey: string;
  parentId: number | undefined;
  replyTo: CommentItem | null;
  onCancelReply: () => void;
  onPosted: () => void;
}) {
  const [text, setText] = useState('');
  const post = usePostComment();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const content = text.trim();
    if (!content) return;
    post.mutate(
      { threadKey, content, ...(parentId ? { parentId } : {}) },
      {
        onSuccess: () => {
          setText('');
          onPosted();
          toast.success('评论成功');
        },
        onError: (error) => toast.error(failureText(error, '评论失败，请稍后再试')),
      },
    );
  };
  return (
    <form className="comment-box" onSubmit={submit}>
      {replyTo ? (
        <p className="comment-box__reply">
          回复 {replyTo.author.nickname}
          <button type="button" className="comment-box__cancel" onClick={onCancelReply}>
            取消
          </button>
        </p>
      ) : null}
      <textarea
        className="comment-box__input"
        aria-label="评论内容"
        placeholder="友善发言，理性讨论"
        maxLength={500}
        rows={3}
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
      <div className="comment-box__foot">
        <span className="comment-box__count">{text.length}/500</span>
        <button
          type="submit"
          className="button button--primary"
          disabled={post.isPending || text.trim() === ''}
        >
          {post.isPending ? '发布中…' : '发布'}
        </button>
      </div>
    </form>
  );
}
