import { useQuery } from '@tanstack/react-query';
import { endpointQuery } from '../../../platform/query/endpoint-query.ts';

/**
 * The user's account-opening application (POST /api/v2/broker/openAccount/init, contract
 * broker.ts). A POST, yet read as a query rather than through useEndpointMutation, on purpose: the
 * call opens an application at the broker or resumes the one in progress, so asking again is safe
 * and always answers the same application; the page needs that answer to show anything, and asks
 * for it once per login while it stays cached (staleTime Infinity; session-scope.ts drops it when
 * the token changes). As a mutation it would be posted again on every visit to the page, and its
 * answer would live outside the cache. `enabled` false asks nothing: a visitor, or WeChat, where the
 * broker is reached through the official account.
 */
export function accountOpeningQueryOptions(enabled: boolean) {
  return endpointQuery(
    'broker.openAccountInit',
    {},
    {
      enabled,
      // A failure comes from the broker (an outage, 037 for an account already open); the page
      // offers 重试 where it makes sense rather than trying again by itself.
      retry: false,
      staleTime: Number.POSITIVE_INFINITY,
    },
  );
}

export function useAccountOpening(token: string | null, enabled: boolean) {
  return useQuery(accountOpeningQueryOptions(token !== null && enabled));
}
