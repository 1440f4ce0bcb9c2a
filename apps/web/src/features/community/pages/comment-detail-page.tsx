import { useSearchParams } from 'react-router';
import { PageHeader } from '../../../ui/page-header/index.ts';
import { QueryStates, SectionEmpty } from '../../../ui/section/index.ts';
import { useCommentDetail } from '../api/comments.ts';
import { validId } from '../community-rules.ts';
import { CommentCard } from '../components/comment-card.tsx';
import { CommentThread } from '../components/comment-thread.tsx';
import '../community.css';

/** /comment-detail?id=: one comment and its replies, where a reply can be added. */
export default function CommentDetailPage() {
  const [params] = useSearchParams();
  const id = validId(params.get('id'));
  const comment = useCommentDetail(id);
  return (
    <>
      <PageHeader title="评论详情" />
      <main className="community-page">
        {id === 0 ? (
          <SectionEmpty>评论不存在</SectionEmpty>
        ) : (
          <QueryStates query={comment} skeletonLines={3} errorText="评论不存在或加载失败">
            {(data) => (
              <>
                <CommentCard comment={data} />
                <CommentThread threadKey={data.threadKey} parentId={data.parentId ?? data.id} title="回复" />
              </>
            )}
          </QueryStates>
        )}
      </main>
    </>
  );
}
