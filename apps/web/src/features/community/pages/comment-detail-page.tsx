import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../ui/page-header/index.ts';
import { QueryStates } from '../../../ui/section/index.ts';
import { useCommentDetail } from '../api/comments.ts';
import { CommentCard } from '../components/comment-card.tsx';
import { CommentThread } from '../components/comment-thread.tsx';
import '../community.css';

/** /comment-detail?id=: one comment and its replies, where a reply can be added. */
export default function CommentDetailPage() {
  const [params] = useSearchParams();
  const id = Number(params.get('id'));
  const comment = useCommentDetail(Number.isInteger(id) ? id : 0);
  return (
    <>
      <PageHeader title="评论详情" />
      <main className="community-page">
        <QueryStates query={comment} skeletonLines={3} errorText="评论不存在或加载失败">
          {(data) => (
            <>
              <CommentCard comment={data} />
              <CommentThread threadKey={data.threadKey} parentId={data.parentId ?? data.id} title="回复" />
            </>
          )}
        </QueryStates>
      </main>
    </>
  );
}
