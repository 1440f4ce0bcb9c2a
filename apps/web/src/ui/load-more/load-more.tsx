import { useEffect, useRef } from 'react';
import './load-more.css';

/**
 * 加载更多 at the end of a list read page by page: loads the next page when it scrolls into view
 * (infinite scroll), or when tapped; 没有更多了 once everything is loaded.
 */
export function LoadMore({
  hasMore,
  loading,
  failed,
  onLoad,
}: {
  hasMore: boolean;
  loading: boolean;
  failed: boolean;
  onLoad: () => void;
}) {
  const sentinel = useRef<HTMLDivElement>(null);
  const load = useRef(onLoad);
  load.current = onLoad;
  const auto = hasMore && !loading && !failed;

  useEffect(() => {
    const node = sentinel.current;
    if (!auto || !node || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) load.current();
    });
    observer.observe(node);
    return () => observer.disconnect();
  }, [auto]);

  if (!hasMore) return <p className="load-more load-more--end">没有更多了</p>;
  return (
    <div ref={sentinel} className="load-more">
      <button type="button" className="button" onClick={onLoad} disabled={loading}>
        {loading ? '正在加载…' : failed ? '加载失败，点击重试' : '加载更多'}
      </button>
    </div>
  );
}

/** What LoadMore reads of an infinite query (TanStack Query's useInfiniteQuery result). */
export interface LoadMoreQuery {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  fetchNextPage: () => unknown;
}

/** LoadMore's props for an infinite query: `<LoadMore {...loadMoreOf(query)} />`. */
export function loadMoreOf(query: LoadMoreQuery) {
  return {
    hasMore: query.hasNextPage,
    loading: query.isFetchingNextPage,
    failed: query.isFetchNextPageError,
    onLoad: () => void query.fetchNextPage(),
  };
}
