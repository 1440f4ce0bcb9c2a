import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';
import { href } from '@zhicai/contract';
import { Link } from 'react-router';
import { LoadMore, loadMoreOf } from '../../../../ui/load-more/index.ts';
import { SectionEmpty, SectionError, SectionSkeleton } from '../../../../ui/section/index.ts';
import type { ArticlePage, ArticleSummary } from '../api/article-list.ts';
import { publishedText } from './published-time.ts';

/** One article in a list: title, summary, column, time and reading count, with its cover. */
export function ArticleRow({ article }: { article: ArticleSummary }) {
  return (
    <li>
      <Link className="article-row" to={href('article', { id: String(article.id) })}>
        <div className="article-row__text">
          <h3 className="article-row__title">{article.title}</h3>
          <p className="article-row__summary">{article.summary}</p>
          <p className="article-row__meta">
            <span>{article.columnName}</span>
            <span>{publishedText(article.publishedAt)}</span>
            <span>阅读 {article.readCount}</span>
            {article.demo ? <span className="article-demo">演示数据</span> : null}
          </p>
        </div>
        {article.cover ? (
          <img className="article-row__cover" src={article.cover} alt="" loading="lazy" />
        ) : null}
      </Link>
    </li>
  );
}

/** A cursor-paged list of articles with its loading, error, empty and 加载更多 states. */
export function ArticleList({
  query,
  emptyText = '暂无文章',
  label = '文章列表',
}: {
  query: UseInfiniteQueryResult<InfiniteData<ArticlePage, unknown>>;
  emptyText?: string;
  label?: string;
}) {
  const articles = query.data?.pages.flatMap((page) => page.list) ?? [];
  if (query.isPending) return <SectionSkeleton lines={6} testId="article-list-skeleton" />;
  if (query.isError && articles.length === 0)
    return (
      <SectionError
        message="文章加载失败，请检查网络后重试"
        onRetry={query.refetch}
        retrying={query.isRefetching}
      />
    );
  if (articles.length === 0) return <SectionEmpty>{emptyText}</SectionEmpty>;
  return (
    <>
      <ul className="article-list" aria-label={label}>
        {articles.map((article) => (
          <ArticleRow key={article.id} article={article} />
        ))}
      </ul>
      <LoadMore {...loadMoreOf(query)} />
    </>
  );
}
