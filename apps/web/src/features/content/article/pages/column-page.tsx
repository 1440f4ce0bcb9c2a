import { useQueryClient } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { PageHeader } from '../../../../ui/page-header/index.ts';
import { PullToRefresh } from '../../../../ui/pull-to-refresh/pull-to-refresh.tsx';
import { DemoDataBadge } from '../../../../ui/quote/index.ts';
import { QueryStates, Section, SectionEmpty } from '../../../../ui/section/index.ts';
import { useArticleList } from '../api/article-list.ts';
import { useColumnDetail } from '../api/column-detail.ts';
import { ArticleList } from '../components/article-list.tsx';
import { ColumnCover } from '../components/column-cover.tsx';
import { idParam } from './article-page.tsx';
import './article-pages.css';

/** /column/{id}: a column's introduction and its articles, newest first. */
export default function ColumnPage() {
  const id = idParam(useParams().id ?? null);
  const column = useColumnDetail(id);
  const articles = useArticleList({ columnId: id }, id > 0);
  const queryClient = useQueryClient();

  return (
    <>
      <PageHeader title={column.data?.name ?? '专栏'} />
      <PullToRefresh onRefresh={() => queryClient.invalidateQueries({ queryKey: ['content'] })}>
        <main className="article-page">
          {id === 0 ? (
            <SectionEmpty>未指定专栏</SectionEmpty>
          ) : (
            <>
              <QueryStates query={column} skeletonLines={3} errorText="专栏加载失败">
                {(data) => (
                  <header className="column-intro">
                    <ColumnCover column={data} />
                    <div>
                      <h2 className="column-intro__name">{data.name}</h2>
                      <p className="column-intro__author">
                        {data.author} · {data.articleCount} 篇 {data.demo ? <DemoDataBadge /> : null}
                      </p>
                      <p className="column-intro__text">{data.intro}</p>
                    </div>
                  </header>
                )}
              </QueryStates>
              <Section title="专栏文章">
                <ArticleList query={articles} emptyText="专栏暂无文章" />
              </Section>
            </>
          )}
        </main>
      </PullToRefresh>
    </>
  );
}
