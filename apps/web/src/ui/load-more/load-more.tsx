/** What LoadMore reads of an infinite query (TanStack Query's useInfiniteQuery result). */
export interface LoadMoreQuery {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  fetchNextPage: () => unknown;
}

/**
 * The end of a list read page by page: 加载更多 while pages remain (正在加载… while one loads),
 * 重新加载 after a page failed, 已全部加载 at the end.
 */
export function LoadMore({ query }: { query: LoadMoreQuery }) {
  if (query.hasNextPage)
    return (
      <button
        type="button"
        className="button"
        onClick={() => void query.fetchNextPage()}
        disabled={query.isFetchingNextPage}
      >
        {query.isFetchingNextPage ? '正在加载…' : '加载更多'}
      </button>
    );
  if (query.isFetchNextPageError)
    return (
      <button type="button" className="button" onClick={() => void query.fetchNextPage()}>
        重新加载
      </button>
    );
  return <span>已全部加载</span>;
}
