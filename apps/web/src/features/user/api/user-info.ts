import { queryOptions, useQuery } from '@tanstack/react-query';
import type { User } from '@zhicai/contract';
import { request } from '../../../platform/request/request.ts';
import { useLocalState } from '../../../platform/session/local-store.ts';

/** The signed-in user (spec 2 §7.3 GET /api/v2/user/userinfo; spec 1 §3 userInfo). */
export function userInfoQueryOptions(token: string | null) {
  return queryOptions({
    // Keyed by token: another login is another user.
    queryKey: ['user', 'info', token],
    queryFn: ({ signal }): Promise<User> => request('user.userinfo', {}, { signal }),
    enabled: token !== null,
    staleTime: 60 * 1000,
  });
}

/** The signed-in user, or no data while logged out. */
export function useUserInfo() {
  const token = useLocalState((state) => state.token);
  return { token, ...useQuery(userInfoQueryOptions(token)) };
}
