import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import type { StubAnswer } from '../../testing/api-stub.ts';

/** Renders pages in a memory router with a fresh query client (no retries), for component tests. */
export function renderPages(path: string, pages: Record<string, ReactNode>) {
  const router = createMemoryRouter(
    [
      ...Object.entries(pages).map(([route, element]) => ({ path: route, element })),
      { path: '*', element: <p>其他页面</p> },
    ],
    { initialEntries: [path] },
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

export const ok = (datas: unknown): StubAnswer => ({ code: '000', datas });
export const failure: StubAnswer = { code: '999', message: '系统繁忙，请稍后再试', datas: null };

/** The query parameters of every call made to an API path. */
export function callsTo(fetchMock: { mock: { calls: unknown[][] } }, pathname: string): URLSearchParams[] {
  return fetchMock.mock.calls
    .map((call) => new URL(String(call[0]), 'http://localhost'))
    .filter((url) => url.pathname === pathname)
    .map((url) => url.searchParams);
}
