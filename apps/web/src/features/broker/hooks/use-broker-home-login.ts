import { useEffect } from 'react';
import { request } from '../../../platform/request/request.ts';
import { useLocalState } from '../../../platform/session/local-store.ts';

// The token the broker has been told about in this page session; a new login is told again.
let notifiedToken: string | null = null;

/**
 * spec 1 §7 broker home login notification: once per app session, when a signed-in user reaches the
 * home page, the broker hears that its linked user is active. It is background work: a failure is
 * forgotten here and tried again on the next visit to the home page.
 *
 * A POST, yet a plain request rather than useEndpointMutation: it is sent once per session and
 * token however often the home page mounts (hence the module state), nothing waits for its answer,
 * and no cached query depends on it, so there is no group to invalidate (invalidating `broker` would
 * only post the account-opening init again for nothing).
 */
export function notifyBrokerHomeLogin(token: string | null): void {
  if (token === null || token === notifiedToken) return;
  notifiedToken = token;
  request('broker.homeLogin', {}).catch(() => {
    if (notifiedToken === token) notifiedToken = null;
  });
}

export function useBrokerHomeLogin(): void {
  const token = useLocalState((state) => state.token);
  useEffect(() => notifyBrokerHomeLogin(token), [token]);
}

/** Tests start each case from a fresh app session. */
export function forgetBrokerHomeLogin(): void {
  notifiedToken = null;
}
