import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { request } from '../../../platform/request/request.ts';
import { clearLogin } from '../../../platform/session/save-login.ts';
import { sessionStore } from '../../../platform/session/session-store.ts';

/**
 * Logging out: the server revokes the session; the device forgets the token and the user whatever
 * the server answers (a user who taps 退出登录 while offline is logged out here all the same).
 */
export function useLogout(onLoggedOut: () => void) {
  const queryClient = useQueryClient();
  const [pending, setPending] = useState(false);

  async function logout() {
    setPending(true);
    try {
      await request('user.logout', {}).catch(() => null);
    } finally {
      clearLogin();
      sessionStore.getState().change_userInfo(null);
      sessionStore.getState().set('vipType', null);
      queryClient.removeQueries({ queryKey: ['user'] });
      setPending(false);
      onLoggedOut();
    }
  }

  return { logout, pending };
}
