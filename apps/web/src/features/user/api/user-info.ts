import { useQuery } from '@tanstack/react-query';
import { endpointQuery } from '../../../platform/query/endpoint-query.ts';
import { useLocalState } from '../../../platform/session/local-store.ts';

/**
 * The signed-in user (spec 2 §7.3 GET /api/v2/user/userinfo; spec 1 §3 userInfo). Another login is
 * another user: the key holds no token, and platform/query/session-scope.ts resets this query when
 * the token changes.
 */
export function userInfoQueryOptions(signedIn: boolean) {
  return endpointQuery('user.userinfo', {}, { enabled: signedIn, staleTime: 60 * 1000 });
}

/** The signed-in user, or no data while logged out. */
export function useUserInfo() {
  const token = useLocalState((state) => state.token);
  return { token, ...useQuery(userInfoQueryOptions(token !== null)) };
}
