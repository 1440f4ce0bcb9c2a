import { QueryClient } from '@tanstack/react-query';
import { ApiError } from '../platform/request/api-error.ts';

/**
 * One QueryClient for the app.
 * - networkMode 'always': offline calls still run, so the request wrapper can tell the user
 *   网络已断开 (spec 1 §8); the library's default would silently pause them.
 * - A call the server answered with a failure code is final, so only network failures are retried,
 *   once.
 * - No refetch on window focus: a finance app that reloads every list when the user comes back
 *   from another app loses their place.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        networkMode: 'always',
        retry: (failureCount, error) => !(error instanceof ApiError) && failureCount < 1,
        refetchOnWindowFocus: false,
        staleTime: 30 * 1000,
      },
      mutations: { networkMode: 'always' },
    },
  });
}
