import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { useLayoutEffect } from 'react';
import {
  type Location,
  MemoryRouter,
  type NavigateOptions,
  type NavigationType,
  useLocation,
  useNavigate,
  useNavigationType,
} from 'react-router';
import { AppRoutes } from '../app/router.tsx';

/** What a test sees of the router: where it is, how it got there, and a way to move. */
export interface TestRouter {
  state: { location: Location; historyAction: NavigationType };
  navigate(to: string | number, options?: NavigateOptions): Promise<void>;
}

/** The real shell and route table in a memory router, with a fresh query client (no retries). */
export function renderApp(initialPath = '/') {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = {} as TestRouter;
  const view = render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[initialPath]}>
        <RouterProbe router={router} />
        <AppRoutes />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...view, router, queryClient };
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
