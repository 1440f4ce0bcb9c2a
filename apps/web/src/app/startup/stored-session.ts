/**
 * What main.tsx can tell before the startup chunk arrives: whether the startup sequence will keep
 * the token this device already has. Kept small and free of the request machinery, since the entry
 * imports it.
 */

/** The query names of the login flow (spec 1 §2 "Query parameters with meaning"). */
export const loginQuery = {
  clear: 'clear',
  testToken: 'testToken',
  hbToken: 't_hb',
  code: 'code',
  state: 'state',
  inviteCode: 'inviteCode',
  type: 'type',
} as const;

/**
 * The stale placeholder token of step 1: the text the original app stored when a login answer had
 * no token (`localStorage.setItem('token', undefined)` writes the string 'undefined'), and its
 * sibling 'null'. Either one would be sent as a token and answered with a session-invalid code.
 */
export const stalePlaceholderTokens: readonly string[] = ['undefined', 'null'];

export interface PageStart {
  /** The page's query string, with its `?`. */
  search: string;
  inNativeApp: boolean;
  /** The token kept on this device, if any. */
  storedToken: string | null;
}

/**
 * True when the startup sequence (startup.ts, login-flow.ts) is bound to end with the stored token
 * unchanged: outside the native app (whose bridge may hand another token), with a real token, and
 * without a query that clears it or logs in anew (clear, testToken, t_hb). Calls may then go out at
 * once with that token instead of waiting for the startup chunk; the sequence still runs beside
 * them, and a token the server refuses ends the session as on any call.
 */
export function keepsStoredToken({ search, inNativeApp, storedToken }: PageStart): boolean {
  if (inNativeApp || storedToken === null || stalePlaceholderTokens.includes(storedToken)) return false;
  const query = new URLSearchParams(search);
  return ![loginQuery.clear, loginQuery.testToken, loginQuery.hbToken].some((name) => query.has(name));
}
