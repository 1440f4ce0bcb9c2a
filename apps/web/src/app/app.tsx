import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Suspense, useEffect } from 'react';
import { BrowserRouter } from 'react-router';
import { followSession } from '../platform/query/session-scope.ts';
import { OptionalBoundary } from '../ui/optional-boundary.tsx';
import { AppToaster } from '../ui/toast/app-toaster.tsx';
import { AppRoutes } from './router.tsx';

/**
 * Providers around the router: server state (TanStack Query) and toasts. The query client comes from
 * main.tsx, which starts the first page's calls in it before the app renders.
 */
export function App({ queryClient }: { queryClient: QueryClient }) {
  useEffect(() => followSession(queryClient), [queryClient]);
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
      <OptionalBoundary>
        <Suspense fallback={null}>
          <AppToaster />
        </Suspense>
      </OptionalBoundary>
    </QueryClientProvider>
  );
}
