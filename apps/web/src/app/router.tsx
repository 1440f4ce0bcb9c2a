import { createBrowserRouter } from 'react-router';
import { RouteErrorPage } from './pages/route-error-page.tsx';
import { pageRoutes } from './routing/page-routes.ts';
import { Shell } from './shell/shell.tsx';
import { ShellFallback } from './shell/shell-fallback.tsx';

export function createAppRouter() {
  return createBrowserRouter([
    {
      element: <Shell />,
      hydrateFallbackElement: <ShellFallback />,
      errorElement: <RouteErrorPage />,
      children: pageRoutes(),
    },
  ]);
}
