import { useParams } from 'react-router';
import { PageHeader, useRouteTitle } from '../../../ui/page-header/index.ts';
import { QueryStates, SectionEmpty } from '../../../ui/section/index.ts';
import { useCommentDetail } from '../api/comments.ts';
import { columnThread, validId } from '../community-rules.ts';
import { CommentCard } from '../components/comment-card.tsx';
import { CommentThread } from '../components/comment-thread.tsx';
import '../community.css';

/**
 * /column-article-detail/{articleId}/{commId}: a column article's comment that a message or a
 * share pointed at, above the article's whole comment thread.
 */
export default function ColumnArticleDetailPage() {
  const routeTitle = useRouteTitle('专栏文章评论');
  const { articleId = '', commId = '' } = useParams();
  const id = validId(commId);
  const comment = useCommentDetail(id);
  const thread = columnThread(articleId);
  return (
    <>
      <PageHeader title={routeTitle} />
      <main className="community-page">
        {id === 0 ? (
          <SectionEmpty>评论不存在</SectionEmpty>
        ) : (
          <QueryStates query={comment} skeletonLines={3} errorText="评论不存在或加载失败">
            {(data) =>
              data.threadKey === thread ? (
                <CommentCard comment={data} />
              ) : (
                <p className="community-muted">这条评论不属于该文章</p>
              )
            }
          </QueryStates>
        )}
        <CommentThread threadKey={thread} title="全部评论" />
      </main>
    </>
  );
}
