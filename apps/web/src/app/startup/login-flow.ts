import type { Environment } from '../../platform/environment.ts';
import { isPathOf, startsWithPathOf } from '../../platform/links.ts';
import { replaceAddress } from '../../platform/navigation.ts';
import { ApiError, invalidResponseCode } from '../../platform/request/api-error.ts';
import { request } from '../../platform/request/request.ts';
import { localStore } from '../../platform/session/local-store.ts';
import { redirectToWeChatAuthorization, wechatAuthState } from '../../platform/session/login-redirect.ts';
import { saveLogin } from '../../platform/session/save-login.ts';
import { sessionStore } from '../../platform/session/session-store.ts';
import { loginQuery } from './stored-session.ts';

/**
 * The login check of a page load (spec 1 §4 "Login flow (page load)"), in this order:
 * 1. `clear` in the query removes the token and ends the check (the visitor stays logged out);
 * 2. `testToken` is exchanged for a token (checkTestToken); when none comes back, WeChat
 *    authorization takes over;
 * 3. `t_hb` on /stock or /hbAggP is exchanged for a partner token, stored as token and hbToken;
 *    failures are ignored;
 * 4. a stored token: done;
 * 5. inside WeChat, back from authorization with a code (state auth): the code (with inviteCode and
 *    type) is exchanged for token, user and userText; a malformed answer authorizes again;
 * 6. inside WeChat without a token: off to WeChat authorization (unless the user has just
 *    declined it: state auth without a code);
 * 7. anywhere else without a token: nothing (the visitor browses logged out; /bindphone logs in).
 *
 * The credentials in the query (testToken, t_hb) leave the address bar as soon as the flow has read
 * them, whatever it does with them, and a used WeChat code with its state: a reload, a shared link,
 * a screenshot or the page-view statistics must not carry them on (issue 14 defect 5).
 */
export type LoginOutcome = 'cleared' | 'stored' | 'loggedIn' | 'redirected' | 'anonymous';

/** Query names whose values log a user in. */
const credentialNames = [loginQuery.testToken, loginQuery.hbToken];

/** spec 1 §4: the t_hb exchange runs on these pages only. */
const hbTokenRoutes = ['stock', 'hbAggP'] as const;

/**
 * spec 1 §2: /hbAggP, /hbStock* and /notfound are special-cased in the login check. They are
 * partner landing pages and the error page: a visitor is never bounced to WeChat from them.
 */
export function skipsWeChatAuthorization(pathname: string): boolean {
  return (
    isPathOf(pathname, 'hbAggP') || startsWithPathOf(pathname, 'hbStock') || isPathOf(pathname, 'notfound')
  );
}

export interface LoginFlowDeps {
  environment: Environment;
  location: { pathname: string; search: string };
  authorize: () => void;
  /** Replaces the address bar's query (with its `?`, or empty), keeping the path and hash. */
  replaceSearch: (search: string) => void;
}

const defaultDeps = (environment: Environment): LoginFlowDeps => ({
  environment,
  location: { pathname: window.location.pathname, search: window.location.search },
  authorize: redirectToWeChatAuthorization,
  replaceSearch: (search) => replaceAddress(`${window.location.pathname}${search}${window.location.hash}`),
});

const startup = { startup: true } as const;

async function exchangeTestToken(testToken: string, deps: LoginFlowDeps): Promise<LoginOutcome> {
  const result = await request('user.checkTestToken', { testToken }, startup).catch(() => null);
  if (result) {
    saveLogin(result);
    return 'loggedIn';
  }
  deps.authorize();
  return 'redirected';
}

async function exchangeHbToken(token: string): Promise<void> {
  try {
    const datas = await request('user.exchangeHbToken', { token }, startup);
    localStore.getState().setToken(datas.token);
    sessionStore.getState().set('hbToken', datas.token);
  } catch {
    // spec 1 §8: a failed t_hb exchange is silently ignored.
  }
}

/**
 * Removes query names from the address bar (the flow's copy of it, `address`, follows), when any
 * is there.
 */
function dropFromAddress(address: URLSearchParams, names: readonly string[], deps: LoginFlowDeps): void {
  if (!names.some((name) => address.has(name))) return;
  for (const name of names) address.delete(name);
  const search = address.toString();
  deps.replaceSearch(search ? `?${search}` : '');
}

async function exchangeWeChatCode(
  query: URLSearchParams,
  address: URLSearchParams,
  deps: LoginFlowDeps,
): Promise<LoginOutcome> {
  const code = query.get(loginQuery.code) ?? '';
  const inviteCode = query.get(loginQuery.inviteCode) ?? undefined;
  const type = query.get(loginQuery.type) ?? undefined;
  // The code is single-use: it leaves the address bar whatever the answer, so a reload or a shared
  // link does not replay it.
  dropFromAddress(address, [loginQuery.code, loginQuery.state], deps);
  try {
    saveLogin(await request('user.wechatLogin', { code, inviteCode, type }, startup));
    return 'loggedIn';
  } catch (error) {
    if (error instanceof ApiError && error.code === invalidResponseCode) {
      deps.authorize();
      return 'redirected';
    }
    return 'anonymous';
  }
}

export async function runLoginFlow(deps: LoginFlowDeps): Promise<LoginOutcome> {
  const query = new URLSearchParams(deps.location.search);
  const { environment, location } = deps;
  // The query as the address bar shows it, credentials taken out at once.
  const address = new URLSearchParams(query);
  dropFromAddress(address, credentialNames, deps);

  if (query.has(loginQuery.clear)) {
    localStore.getState().setToken(null);
    return 'cleared';
  }
  const testToken = query.get(loginQuery.testToken);
  if (testToken) return exchangeTestToken(testToken, deps);

  const hbToken = query.get(loginQuery.hbToken);
  if (hbToken && hbTokenRoutes.some((route) => isPathOf(location.pathname, route)))
    await exchangeHbToken(hbToken);

  if (localStore.getState().token) return 'stored';

  const inWeChatPage = environment.inWeChat && !environment.inMiniProgram && !environment.inNativeApp;
  if (!inWeChatPage || skipsWeChatAuthorization(location.pathname)) return 'anonymous';
  if (query.get(loginQuery.state) === wechatAuthState) {
    // Back from authorization. Without a code the user declined (拒绝): asking again would loop
    // between the consent page and this one, so they browse logged out.
    if (query.get(loginQuery.code)) return exchangeWeChatCode(query, address, deps);
    return 'anonymous';
  }
  deps.authorize();
  return 'redirected';
}

export function loginFlowDeps(environment: Environment): LoginFlowDeps {
  return defaultDeps(environment);
}
