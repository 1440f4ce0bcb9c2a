import { Component, type ReactNode, Suspense, useLayoutEffect } from 'react';
import { type RouteObject, useLocation, useNavigate, useRoutes } from 'react-router';
import { setNavigator } from '../platform/navigation.ts';
import { RouteErrorPage } from './pages/route-error-page.tsx';
import { pageRoutes } from './routing/page-routes.ts';
import { Shell } from './shell/shell.tsx';
import { ShellFallback } from './shell/shell-fallback.tsx';

/**
 * The app's routes in react-router's declarative mode: the shell around one route per path of the
 * table, each page a lazy component. The data router (createBrowserRouter) would do the same, but
 * the app loads no data through loaders or actions (TanStack Query does that), and the data router's
 * navigation machinery is ~16 KB gzip of the first paint of / (budget 120 KB, issue 2). Navigations
 * run as transitions (BrowserRouter's default), so the page stays on screen until the next page's
 * chunk has arrived, as it did with lazy routes.
 */
const appRoutes: RouteObject[] = [{ element: <Shell />, children: pageRoutes() }];

/** Everything under the router: rendered by BrowserRouter in the app and MemoryRouter in tests. */
export function AppRoutes() {
  const { key } = useLocation();
  const routes = useRoutes(appRoutes);
  return (
    <>
      <InAppNavigator />
      <RouteErrorBoundary locationKey={key}>
        {/* Shown only until the first page's chunk arrives; later pages load inside transitions. */}
        <Suspense fallback={<ShellFallback />}>{routes}</Suspense>
      </RouteErrorBoundary>
    </>
  );
}

/** Code outside React (the request wrapper, the login flow) navigates through the router. */
function InAppNavigator() {
  const navigate = useNavigate();
  useLayoutEffect(() => {
    setNavigator((to, options) => navigate(to, options));
    return () => setNavigator(null);
  }, [navigate]);
  return null;
}

interface RouteErrorBoundaryProps {
  locationKey: string;
  children: ReactNode;
}

interface RouteErrorBoundaryState {
  error: unknown;
  failed: boolean;
}

/**
 * A page that throws while rendering, or whose chunk fails to load, is replaced by the error page;
 * navigating elsewhere (back, or a link) tries again.
 */
class RouteErrorBoundary extends Component<RouteErrorBoundaryProps, RouteErrorBoundaryState> {
  override state: RouteErrorBoundaryState = { error: null, failed: false };

  static getDerivedStateFromError(error: unknown): RouteErrorBoundaryState {
    return { error, failed: true };
  }

  override componentDidUpdate(previous: RouteErrorBoundaryProps) {
    if (this.state.failed && previous.locationKey !== this.props.locationKey) {
      this.setState({ error: null, failed: false });
    }
  }

  override render() {
    return this.state.failed ? <RouteErrorPage error={this.state.error} /> : this.props.children;
  }
}
