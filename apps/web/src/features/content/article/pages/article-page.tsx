import { href } from '@zhicai/contract';
import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { wechatShare } from '../../../../platform/wechat/index.ts';
import { PageHeader, useRouteTitle } from '../../../../ui/page-header/index.ts';
import { PullToRefresh } from '../../../../ui/pull-to-refresh/pull-to-refresh.tsx';
import { DemoDataBadge } from '../../../../ui/quote/index.ts';
import { QueryStates, SectionEmpty } from '../../../../ui/section/index.ts';
import { CommentThread } from '../../../community/index.ts';
import { type ArticleDetail, useArticleDetail } from '../api/article-detail.ts';
import { InstrumentChips } from '../components/instrument-chips.tsx';
import { publishedText } from '../components/published-time.ts';
import { RichText } from '../components/rich-text.tsx';
import './article-pages.css';

/** The image a shared article shows when it has no cover of its own. */
const defaultShareImage = '/favicon.svg';

/** An id from the query: a positive whole number, or 0 when missing or malformed. */
export function idParam(value: string | null): number {
  return value !== null && /^\d{1,12}$/.test(value) ? Number(value) : 0;
}

/**
 * /article?id= (and /articleN, /articleI_iframe): the article with its column, author, time and
 * reading count, the sanitised body, the instruments it names with their live change, and its
 * WeChat share (title, summary, cover), and its comment thread below the body.
 */
export default function ArticlePage() {
  const routeTitle = useRouteTitle('文章详情');
  const [params] = useSearchParams();
  const id = idParam(params.get('id'));
  const article = useArticleDetail(id);

  return (
    <>
      <PageHeader title={routeTitle} />
      <PullToRefresh onRefresh={() => article.refetch()}>
        <main className="article-page">
          {id === 0 ? (
            <SectionEmpty>未指定文章</SectionEmpty>
          ) : (
            <QueryStates
              query={article}
              skeletonLines={10}
              skeletonTestId="article-skeleton"
              errorText="文章加载失败"
            >
              {(data) => <ArticleBody article={data} />}
            </QueryStates>
          )}
        </main>
      </PullToRefresh>
    </>
  );
}

function ArticleBody({ article }: { article: ArticleDetail }) {
  useEffect(() => {
    // Outside WeChat this answers false and loads nothing.
    void wechatShare().setShare({
      title: article.title,
      desc: article.summary,
      link: window.location.href,
      imgUrl: new URL(article.cover ?? defaultShareImage, window.location.origin).href,
    });
  }, [article]);

  return (
    <article className="article-detail" aria-label={article.title}>
      <h1 className="article-detail__title">{article.title}</h1>
      <p className="article-detail__meta">
        <Link to={href('column', { id: String(article.columnId) })}>{article.columnName}</Link>
        <span>{article.author}</span>
        <span>{publishedText(article.publishedAt)}</span>
        <span>阅读 {article.readCount}</span>
        {article.demo ? <DemoDataBadge /> : null}
      </p>
      <RichText html={article.body} className="article-detail__body" />
      {article.tags.length > 0 ? (
        <ul className="article-tags" aria-label="标签">
          {article.tags.map((tag) => (
            <li key={tag}>
              <Link to={href('articles', { tag })}>#{tag}</Link>
            </li>
          ))}
        </ul>
      ) : null}
      <InstrumentChips instruments={article.instruments} />
      <section className="article-comments" aria-label="评论">
        <CommentThread threadKey={`article:${article.id}`} />
      </section>
    </article>
  );
}
