import { useQueryClient } from '@tanstack/react-query';
import { useLayoutEffect, useRef } from 'react';
import { localStore, useLocalState } from '../../../../platform/session/local-store.ts';
import { sessionStore, useSessionState } from '../../../../platform/session/session-store.ts';
import { PageHeader } from '../../../../ui/page-header/index.ts';
import { PullToRefresh } from '../../../../ui/pull-to-refresh/pull-to-refresh.tsx';
import { QueryStates } from '../../../../ui/section/index.ts';
import { articleListInfiniteOptions, useArticleList } from '../api/article-list.ts';
import { useColumnList } from '../api/column-list.ts';
import { ArticleList } from '../components/article-list.tsx';
import './article-pages.css';

/** The 全部 tab: every column's articles together. */
const allTab = 'all';

/**
 * /ArticlesNew: the latest articles, a tab per column. spec 1 §3: the chosen tab is kept in
 * `articlesNewType` (persisted) and the scroll position in `articlesNewScrollTop` (this session), so
 * coming back from an article opens the same tab where the reader left it.
 */
export default function ArticlesNewPage() {
  const columns = useColumnList();
  const saved = useLocalState((state) => state.articlesNewType) ?? allTab;
  const tabs = [
    { key: allTab, name: '全部' },
    ...(columns.data ?? []).map((column) => ({ key: String(column.id), name: column.name })),
  ];
  const current = tabs.some((tab) => tab.key === saved) ? saved : allTab;
  const filter = current === allTab ? {} : { columnId: Number(current) };
  const articles = useArticleList(filter);
  const queryClient = useQueryClient();
  useRestoredScroll(articles.isSuccess);

  const choose = (key: string) => {
    localStore.getState().change_articlesNewType(key);
    sessionStore.getState().change_articlesNewScrollTop('0');
    window.scrollTo?.(0, 0);
  };

  return (
    <>
      <PageHeader title="最新文章" />
      <nav className="article-tabs" aria-label="专栏">
        <QueryStates query={columns} skeletonLines={1} errorText="专栏加载失败">
          {() => (
            <div role="tablist" className="article-tabs__list">
              {tabs.map((tab) => (
                <button
                  key={tab.key}
                  type="button"
                  role="tab"
                  aria-selected={tab.key === current}
                  className={tab.key === current ? 'article-tab is-current' : 'article-tab'}
                  onClick={() => choose(tab.key)}
                >
                  {tab.name}
                </button>
              ))}
            </div>
          )}
        </QueryStates>
      </nav>
      <PullToRefresh
        onRefresh={() => queryClient.resetQueries({ queryKey: articleListInfiniteOptions(filter).queryKey })}
      >
        <main className="article-page">
          <ArticleList query={articles} />
        </main>
      </PullToRefresh>
    </>
  );
}

/** Scrolls back to `articlesNewScrollTop` once the list is there, and keeps saving the position. */
function useRestoredScroll(ready: boolean) {
  const restored = useRef(false);
  const scrollTop = useSessionState((state) => state.articlesNewScrollTop);
  useLayoutEffect(() => {
    if (!ready || restored.current) return;
    restored.current = true;
    const top = Number(scrollTop ?? 0);
    if (top > 0) window.scrollTo?.(0, top);
  }, [ready, scrollTop]);
  useLayoutEffect(() => {
    const save = () =>
      sessionStore.getState().change_articlesNewScrollTop(String(Math.round(window.scrollY)));
    window.addEventListener('scroll', save, { passive: true });
    return () => window.removeEventListener('scroll', save);
  }, []);
}
