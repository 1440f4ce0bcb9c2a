import { useQuery } from '@tanstack/react-query';
import { endpointQuery } from '../../../platform/query/endpoint-query.ts';

/** The signed-in user's level, expiry and trial state (GET /api/v2/member/status). */
export function membershipStatusQueryOptions(signedIn: boolean) {
  return endpointQuery('member.status', undefined, { enabled: signedIn, staleTime: 30 * 1000 });
}

export function useMembershipStatus(signedIn: boolean) {
  return useQuery(membershipStatusQueryOptions(signedIn));
}
