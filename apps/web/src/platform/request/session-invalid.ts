import { localStore } from '../session/local-store.ts';

/** A burst of calls failing together sends the user to login once. */
const burstMs = 2000;
let lastSentAt = Number.NEGATIVE_INFINITY;

/**
 * spec 1 §8: a session-invalid code (004, 015, 016, 033, 036) removes the token and sends the user
 * to login, or to the relogin view in the native app (spec 1 §4).
 */
export function sessionInvalidated(now = Date.now()): void {
  localStore.getState().setToken(null);
  if (now - lastSentAt < burstMs) return;
  lastSentAt = now;
  void import('../session/login-redirect.ts').then(({ sendToLogin }) => sendToLogin()).catch(() => undefined);
}
