import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import ChooseIndexPage from '../pages/choose-index-page.tsx';
import RankContentPage from '../pages/rank-content-page.tsx';
import RankListPage from '../pages/rank-list-page.tsx';
import SearchPage from '../pages/search-page.tsx';

/** Where a link led: the pages it opens are not this folder's, so the test only reads the URL. */
function Destination() {
  const { pathname, search } = useLocation();
  return <p data-testid="destination">{`${pathname}${search}`}</p>;
}

/**
 * One of this folder's pages in a memory router (the route table registers them elsewhere), with a
 * fresh query client without retries. `history` entries come before the page, so 取消 can go back.
 */
export function renderMarketPage(path: string, history: string[] = []) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: '/search', element: <SearchPage /> },
      { path: '/rankList', element: <RankListPage /> },
      { path: '/rankList_content', element: <RankContentPage /> },
      { path: '/chooseindex', element: <ChooseIndexPage /> },
      { path: '*', element: <Destination /> },
    ],
    { initialEntries: [...history, path], initialIndex: history.length },
  );
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...view, router, queryClient };
}
