import type { CommentItem } from '../api/comments.ts';
import { beijingTime } from '../community-rules.ts';
import '../community.css';

/** One comment on its own (the head of /comment-detail): plain text, or the hidden note. */
export function CommentCard({ comment }: { comment: CommentItem }) {
  const hiddenForMe = comment.hidden && !comment.mine;
  return (
    <article className="community-card" aria-label="评论">
      <h2>{comment.author.nickname}</h2>
      <p>{hiddenForMe ? '该评论被多位用户举报，正在审核中' : comment.content}</p>
      <span className="community-muted">
        {beijingTime(comment.createdAt)} · {comment.likeCount} 赞 · {comment.replyCount} 回复
      </span>
    </article>
  );
}
