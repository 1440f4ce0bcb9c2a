import { QueryClientProvider } from '@tanstack/react-query';
import { Suspense, useEffect, useState } from 'react';
import { BrowserRouter } from 'react-router';
import { followSession } from '../platform/query/session-scope.ts';
import { OptionalBoundary } from '../ui/optional-boundary.tsx';
import { AppToaster } from '../ui/toast/app-toaster.tsx';
import { createQueryClient } from './query-client.ts';
import { AppRoutes } from './router.tsx';

/** Providers around the router: server state (TanStack Query) and toasts. */
export function App() {
  const [queryClient] = useState(createQueryClient);
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
