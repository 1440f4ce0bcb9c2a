import { useEndpointMutation } from '../../../platform/query/endpoint-query.ts';
import { clearLogin } from '../../../platform/session/save-login.ts';
import { sessionStore } from '../../../platform/session/session-store.ts';

/** The device forgets the signed-in user; session-scope.ts then drops the user's cached data. */
function forgetUser(): void {
  clearLogin();
  sessionStore.getState().change_userInfo(null);
  sessionStore.getState().set('vipType', null);
}

/**
 * Logging out: the server revokes the session; the device forgets the token and the user whatever
 * the server answers (a user who taps 退出登录 while offline is logged out here all the same). On a
 * success the token is forgotten before the user group is invalidated, so nothing reloads with the
 * revoked token.
 */
export function useLogout(onLoggedOut: () => void) {
  const mutation = useEndpointMutation('user.logout', {
    onSuccess: forgetUser,
    onError: forgetUser,
    onSettled: onLoggedOut,
  });
  const logout = () =>
    mutation.mutateAsync({}).then(
      () => undefined,
      () => undefined,
    );
  return { logout, pending: mutation.isPending };
}
