import { href } from '@zhicai/contract';
import { useMemo, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { QuoteSocket } from '../../../../platform/socket/index.ts';
import { LoadMore, loadMoreOf } from '../../../../ui/load-more/index.ts';
import { PageHeader } from '../../../../ui/page-header/index.ts';
import { PullToRefresh } from '../../../../ui/pull-to-refresh/pull-to-refresh.tsx';
import { DemoDataBadge } from '../../../../ui/quote/index.ts';
import { QueryStates } from '../../../../ui/section/index.ts';
import { Segmented } from '../../../../ui/segmented/index.ts';
import { type FlashFilter, type FlashItem, useFlashFeed } from '../api/news-list.ts';
import { FlashTimeline } from '../components/flash-timeline.tsx';
import { useFlashShare } from '../hooks/use-flash-share.tsx';
import { usePushedFlashes } from '../hooks/use-pushed-flashes.ts';
import '../flash.css';

const filters: { value: FlashFilter; label: string }[] = [
  { value: 'all', label: '全部' },
  { value: 'important', label: '重要' },
];

/** The flashes in order, each once: pushed ones on top, then the pages read by cursor. */
function mergeFlashes(
  pushed: readonly FlashItem[],
  pages: readonly { list: readonly FlashItem[] }[],
): FlashItem[] {
  const seen = new Set<number>();
  const merged: FlashItem[] = [];
  for (const flash of [...pushed, ...pages.flatMap((page) => page.list)]) {
    if (seen.has(flash.id)) continue;
    seen.add(flash.id);
    merged.push(flash);
  }
  return merged;
}

/**
 * /SevenEleven (tab): the 7×24 timeline, newest first and grouped by date, filtered to 全部 or 重要;
 * `?code=` narrows it to one instrument (a detail page's 新闻 更多). New flashes arrive over the
 * socket; scrolled down, they wait behind a "N条新快讯" banner. Scrolling down loads older pages by
 * cursor, the next page while the reader is still a few screens above the end; pulling down
 * reloads; a row's 分享 opens the share sheet. `socket` is the page's socket unless a test hands in its own.
 */
export default function SevenElevenPage({ socket }: { socket?: QuoteSocket }) {
  const [params] = useSearchParams();
  const code = params.get('code')?.toUpperCase() || undefined;
  const [filter, setFilter] = useState<FlashFilter>('all');
  const feed = useFlashFeed(filter, code);
  const pushed = usePushedFlashes(filter, code, socket);
  const flashes = useMemo(
    () => mergeFlashes(pushed.shown, feed.data?.pages ?? []),
    [pushed.shown, feed.data],
  );
  const sharing = useFlashShare();
  const about = code
    ? flashes.flatMap((flash) => flash.instruments).find((instrument) => instrument.code === code)
    : undefined;

  const loadAhead = () => {
    if (feed.hasNextPage && !feed.isFetching) void feed.fetchNextPage();
  };
  const refresh = async () => {
    pushed.clear();
    await feed.refetch();
  };
  const revealWaiting = () => {
    pushed.reveal();
    window.scrollTo({ top: 0 });
  };

  return (
    <>
      <PageHeader title="7×24快讯" back={Boolean(code)} right={<DemoDataBadge />} />
      {pushed.waiting.length > 0 ? (
        <button type="button" className="flash-banner" onClick={revealWaiting}>
          {pushed.waiting.length}条新快讯
        </button>
      ) : null}
      <PullToRefresh onRefresh={refresh}>
        <main className="flash-page">
          <div className="flash-page__bar">
            <Segmented label="快讯筛选" options={filters} value={filter} onChange={setFilter} />
            {code ? (
              <Link className="flash-page__scope" to={href('SevenEleven')}>
                仅看{about?.name ?? code}相关 · 查看全部
              </Link>
            ) : null}
          </div>
          <QueryStates
            query={feed}
            skeletonLines={8}
            errorText="快讯加载失败"
            isEmpty={() => flashes.length === 0}
            emptyText={filter === 'important' ? '暂无重要快讯' : '暂无快讯'}
          >
            {() => (
              <>
                <FlashTimeline
                  flashes={flashes}
                  onShare={sharing.share}
                  onNearEnd={loadAhead}
                  socket={socket}
                />
                <LoadMore {...loadMoreOf(feed)} />
              </>
            )}
          </QueryStates>
        </main>
      </PullToRefresh>
      {sharing.sheet}
    </>
  );
}
