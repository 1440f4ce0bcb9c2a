import { QueryClientProvider } from '@tanstack/react-query';
import { Suspense, useState } from 'react';
import { RouterProvider } from 'react-router';
import { setNavigator } from '../platform/navigation.ts';
import { OptionalBoundary } from '../ui/optional-boundary.tsx';
import { AppToaster } from '../ui/toast/app-toaster.tsx';
import { createQueryClient } from './query-client.ts';
import { createAppRouter } from './router.tsx';

/** Providers around the router: server state (TanStack Query) and toasts. */
export function App() {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(() => {
    const appRouter = createAppRouter();
    // Code outside React (the request wrapper, the login flow) navigates through the router.
    setNavigator((to, options) => appRouter.navigate(to, options));
    return appRouter;
  });
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <OptionalBoundary>
        <Suspense fallback={null}>
          <AppToaster />
        </Suspense>
      </OptionalBoundary>
    </QueryClientProvider>
  );
}
