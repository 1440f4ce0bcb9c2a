import { useQuery } from '@tanstack/react-query';
import { endpointQuery } from '../../../platform/query/endpoint-query.ts';

/**
 * Whether the signed-in user has checked in today (GET /api/v2/pointShop/hasSign). The answer is the
 * user's: session-scope.ts resets it when the token changes.
 */
export function hasSignQueryOptions(enabled: boolean) {
  return endpointQuery('points.hasSign', undefined, {
    enabled,
    staleTime: 5 * 60 * 1000,
    // The prompt is optional decoration: a failure is not worth a retry or an error message.
    retry: false,
  });
}

export function useHasSign(enabled: boolean) {
  return useQuery(hasSignQueryOptions(enabled));
}
