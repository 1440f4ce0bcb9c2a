import type { LoginResult } from '@zhicai/contract';
import { localStore } from './local-store.ts';

/** spec 1 §9: the login text toast is delayed 1 s. */
export const loginTextDelayMs = 1000;

/**
 * Stores a login answer (spec 1 §3 "Login response: token, user, userText"): the token and the user
 * go to local storage; userText, when the server sends one, shows as a toast one second later
 * (spec 1 §4), after the page the user lands on has settled.
 */
export function saveLogin(result: LoginResult): void {
  const local = localStore.getState();
  local.setToken(result.token);
  local.setUser(result.user);
  const text = result.userText;
  if (text) {
    window.setTimeout(() => {
      void import('../../ui/toast/toast.ts').then(({ toast }) => toast(text, { id: 'login-text' }));
    }, loginTextDelayMs);
  }
}

/** Forgets the signed-in user on this device (logout, or a session the server ended). */
export function clearLogin(): void {
  const local = localStore.getState();
  local.setToken(null);
  local.setUser(null);
}
