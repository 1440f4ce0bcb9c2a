import { useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { PageHeader, useRouteTitle } from '../../../../ui/page-header/index.ts';
import { PullToRefresh } from '../../../../ui/pull-to-refresh/pull-to-refresh.tsx';
import { articleListInfiniteOptions, useArticleList } from '../api/article-list.ts';
import { ArticleList } from '../components/article-list.tsx';
import './article-pages.css';

/** /articles?tag= and /articlesPage?tag= (专题): the articles of a tag, or all of them, newest first. */
export default function ArticlesPage() {
  const routeTitle = useRouteTitle('文章');
  const [params] = useSearchParams();
  const tag = params.get('tag')?.trim() || undefined;
  const filter = tag ? { tag } : {};
  const articles = useArticleList(filter);
  const queryClient = useQueryClient();

  return (
    <>
      <PageHeader title={tag ? `#${tag}` : routeTitle} />
      <PullToRefresh
        onRefresh={() => queryClient.resetQueries({ queryKey: articleListInfiniteOptions(filter).queryKey })}
      >
        <main className="article-page">
          <ArticleList query={articles} emptyText={tag ? `暂无「${tag}」相关文章` : '暂无文章'} />
        </main>
      </PullToRefresh>
    </>
  );
}
