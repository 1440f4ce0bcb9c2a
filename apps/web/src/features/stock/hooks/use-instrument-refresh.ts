import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { hasParams } from '../../../platform/query/endpoint-query.ts';

/**
 * Pull-to-refresh of a detail page: reloads the live quote and every active query of the code
 * (every call of the detail pages carries it: `['stock', 'pepb', { code, type, years }]`).
 */
export function useInstrumentRefresh(code: string, refreshQuote: () => Promise<void>) {
  const queryClient = useQueryClient();
  return useCallback(
    () =>
      Promise.all([
        refreshQuote(),
        queryClient.refetchQueries({ type: 'active', predicate: hasParams({ code }) }),
      ]),
    [code, queryClient, refreshQuote],
  );
}
