import '../community.css';

/** 加载更多 under a cursor-paged list; absent when everything is loaded. */
export function MoreButton({
  hasMore,
  loading,
  onMore,
}: {
  hasMore: boolean;
  loading: boolean;
  onMore: () => unknown;
}) {
  if (!hasMore) return null;
  return (
    <button type="button" className="community-more" disabled={loading} onClick={() => void onMore()}>
      {loading ? '加载中…' : '加载更多'}
    </button>
  );
}
