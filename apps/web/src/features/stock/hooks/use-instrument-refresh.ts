import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';

/**
 * Pull-to-refresh of a detail page: reloads the live quote and every active query of the code
 * (every query key of the detail pages has the code third: ['stock', 'pepb', code, …]).
 */
export function useInstrumentRefresh(code: string, refreshQuote: () => Promise<void>) {
  const queryClient = useQueryClient();
  return useCallback(
    () =>
      Promise.all([
        refreshQuote(),
        queryClient.refetchQueries({ type: 'active', predicate: (query) => query.queryKey[2] === code }),
      ]),
    [code, queryClient, refreshQuote],
  );
}
