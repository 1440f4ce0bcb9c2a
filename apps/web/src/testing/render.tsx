import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { type ReactNode, useEffect, useLayoutEffect, useState } from 'react';
import {
  type Location,
  MemoryRouter,
  type NavigateOptions,
  type NavigationType,
  Route,
  Routes,
  useLocation,
  useNavigate,
  useNavigationType,
} from 'react-router';
import { createQueryClient } from '../app/query-client.ts';
import { AppRoutes } from '../app/router.tsx';
import { followSession } from '../platform/query/session-scope.ts';

/**
 * The one render harness of the web tests: the app's providers around either the real route table
 * (`renderApp`) or a few pages at their paths (`renderPages`), in a memory router.
 */

/** What a test sees of the router: where it is, how it got there, and a way to move. */
export interface TestRouter {
  state: { location: Location; historyAction: NavigationType };
  navigate(to: string | number, options?: NavigateOptions): Promise<void>;
}

export interface RenderOptions {
  /** Entries before the page in the history, so 返回 and `navigate(-1)` have somewhere to go. */
  history?: readonly string[];
}

/**
 * A query client like the app's (createQueryClient: queries run offline, no refetch on focus, the
 * same stale time) without retries, so a stubbed failure shows at once.
 */
export function testQueryClient(): QueryClient {
  const client = createQueryClient();
  const defaults = client.getDefaultOptions();
  client.setDefaultOptions({ ...defaults, queries: { ...defaults.queries, retry: false } });
  return client;
}

function RouterProbe({ router }: { router: TestRouter }) {
  const location = useLocation();
  const historyAction = useNavigationType();
  const navigate = useNavigate();
  useLayoutEffect(() => {
    router.state = { location, historyAction };
    router.navigate = async (to, options) => {
      if (typeof to === 'number') await navigate(to);
      else await navigate(to, options);
    };
  }, [router, location, historyAction, navigate]);
  return null;
}

/** The app's providers (app.tsx) with a memory router in place of the browser's. */
function TestProviders({
  client,
  router,
  entries,
  children,
}: {
  client: QueryClient;
  router: TestRouter;
  entries: string[];
  children: ReactNode;
}) {
  useEffect(() => followSession(client), [client]);
  // Entries are read once, as a browser's history is there before the app starts.
  const [initialEntries] = useState(entries);
  return (
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={initialEntries} initialIndex={initialEntries.length - 1}>
        <RouterProbe router={router} />
        {children}
      </MemoryRouter>
    </QueryClientProvider>
  );
}

function renderWith(path: string, options: RenderOptions, children: ReactNode) {
  const queryClient = testQueryClient();
  const router = {} as TestRouter;
  const view = render(
    <TestProviders client={queryClient} router={router} entries={[...(options.history ?? []), path]}>
      {children}
    </TestProviders>,
  );
  return { ...view, router, queryClient };
}

/** The real shell and route table at `path`. */
export function renderApp(path = '/', options: RenderOptions = {}) {
  return renderWith(path, options, <AppRoutes />);
}

/** Where a link led when no page of the test is there: the test reads the URL. */
function Destination() {
  const { pathname, search } = useLocation();
  return <p data-testid="destination">{`${pathname}${search}`}</p>;
}

/**
 * Some pages at their route paths (`{ '/fundDetails': <FundDetailsPage /> }`), starting at `path`;
 * any other path shows its URL (test id `destination`).
 */
export function renderPages(
  path: string,
  pages: Readonly<Record<string, ReactNode>>,
  options: RenderOptions = {},
) {
  return renderWith(
    path,
    options,
    <Routes>
      {Object.entries(pages).map(([route, element]) => (
        <Route key={route} path={route} element={element} />
      ))}
      <Route path="*" element={<Destination />} />
    </Routes>,
  );
}
