import type { QueryClient } from '@tanstack/react-query';
import type { RouteName } from '@zhicai/contract';
import { type ApiGroupName, preloadEndpointGroups } from '../../platform/request/endpoint-groups.ts';
import { localStore } from '../../platform/session/local-store.ts';
import { matchRoute } from './route-match.ts';

/** Where a page is opened: its path and query. */
export interface PageAddress {
  pathname: string;
  search: string;
}

/**
 * What a page's first content calls, so the shell can start it beside the page's chunk instead of
 * after it: the contract groups to load, and the first calls themselves with the params the page
 * will ask for (the page's own query then finds them in flight, as the same key). The tab pages
 * with a first-content budget are listed (issues 16 and 17: ≤ 1 s at 4× CPU), and the report
 * preview, opened from outside the app (a shared link) and then on a cold cache, for its group only;
 * a page not listed loads its groups on its first call, a round trip after its own chunk.
 */
interface PageData {
  /**
   * The page's own module, imported here too so that its chunk's imports load beside it, with the
   * imports of those (apps/web/vite.config.ts preloads what this module imports): from the route
   * table alone, a page's imports were found a round trip after its chunk, theirs one more.
   */
  page?: () => Promise<unknown>;
  groups: readonly ApiGroupName[];
  /** Starts the calls; the feature's api module loads lazily, beside the page's chunk. */
  start?: (queryClient: QueryClient, address: PageAddress) => Promise<unknown>;
}

// Keyed by route name (checked against the route table), looked up by a matched entry's name.
const pageData: Readonly<Record<string, PageData | undefined>> = {
  favorite: {
    page: () => import('../../features/watchlist/pages/favorite-page.tsx'),
    groups: ['watchlist'],
    // The page shows 全部 in the user's own order first; a visitor sees the login prompt.
    start: async (queryClient) => {
      if (localStore.getState().token === null) return;
      const [{ watchlistItemsQueryOptions }, { defaultSort, tabRequest }] = await Promise.all([
        import('../../features/watchlist/api/watchlist-items.ts'),
        import('../../features/watchlist/watchlist-rules.ts'),
      ]);
      const request = tabRequest({ kind: 'market', market: 'all' });
      await queryClient.prefetchQuery(
        watchlistItemsQueryOptions({
          ...request,
          column: defaultSort.column,
          direction: defaultSort.direction,
        }),
      );
    },
  },
  SevenEleven: {
    page: () => import('../../features/content/flash/pages/seven-eleven-page.tsx'),
    groups: ['content'],
    // 全部, narrowed to `?code=` as the page reads it.
    start: async (queryClient, { search }) => {
      const { flashFeedQueryOptions } = await import('../../features/content/flash/api/news-list.ts');
      const code = new URLSearchParams(search).get('code')?.toUpperCase() || undefined;
      await queryClient.prefetchInfiniteQuery(flashFeedQueryOptions('all', code));
    },
  },
  financialReportPreview: {
    page: () => import('../../features/report/pages/financial-report-preview-page.tsx'),
    groups: ['report'],
  },
} satisfies Partial<Record<RouteName, PageData>>;

/**
 * Starts what the page at `address` calls first (nothing for a page without an entry); resolves
 * once those calls have settled (page-data.test.tsx holds each page to its early call).
 */
export async function startPageData(queryClient: QueryClient, address: PageAddress): Promise<void> {
  const name = matchRoute(address.pathname)?.entry.name;
  const data = name === undefined ? undefined : pageData[name];
  if (!data) return;
  preloadEndpointGroups(data.groups);
  // The router imports the page itself and shows its error; this import only preloads.
  void data.page?.().catch(() => undefined);
  // A failed start leaves the call to the page, which shows its own error state.
  await data.start?.(queryClient, address).catch(() => undefined);
}
