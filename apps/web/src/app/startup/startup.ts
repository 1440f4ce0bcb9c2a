import { accountCreationStep, accountOpeningPath } from '../../features/broker/index.ts';
import { currentEnvironment, type Environment } from '../../platform/environment.ts';
import { isPathOf, startsWithPathOf } from '../../platform/links.ts';
import { navigateTo } from '../../platform/navigation.ts';
import { request } from '../../platform/request/request.ts';
import { localStore } from '../../platform/session/local-store.ts';
import { memoryStore } from '../../platform/session/memory-store.ts';
import { sessionStore } from '../../platform/session/session-store.ts';
import { type LoginFlowDeps, loginFlowDeps, runLoginFlow } from './login-flow.ts';
import { stalePlaceholderTokens } from './stored-session.ts';

/**
 * The startup sequence of spec 1 §4 "Startup order":
 * 1. in the native app the token comes from the bridge (getToken); outside it a stale placeholder
 *    token is deleted;
 * 2. the session init (the login check of login-flow.ts), except on /vipGiftCard and on
 *    /newscastCont?state=auth, which run without it;
 * 3. (a) in the app with a token, refresh the user info; (b) fetch the API-lock token, retrying
 *    until it arrives; (c) the region info; (d) unless on a live-stream page, the VIP type;
 *    (e) mount.
 * Every step proceeds when its call fails, except (b), which waits for success.
 *
 * Our reading of "then render" for a fast first paint: the shell mounts at once (main.tsx) and this
 * sequence runs behind it, in order. What the order protects is kept by the request gates
 * (platform/request/startup-gates.ts): page calls wait until steps 1–2 have settled the token, and
 * /v3/ calls wait for (b). Nothing else on screen depends on (a), (c) or (d): their results land in
 * the session store and the pages that read them re-render.
 */

/**
 * Cached by the stock and fund screeners (strategy and selection parameters) and the new-user gift;
 * an app user who logged out must not see the last user's (spec 1 §4 step 5).
 */
export const userCacheKeys = {
  local: ['isGetNewUserCard', 'strategyParams', 'selectParams', 'chooseFundParams'],
  session: ['newUser', 'presentCard'],
} as const;

/** The API-lock retry waits 1 s, 2 s, 4 s … up to 30 s between tries. */
export function apiLockRetryDelay(attempt: number): number {
  return Math.min(1000 * 2 ** attempt, 30_000);
}

export interface StartupDeps {
  environment: Environment;
  location: { pathname: string; search: string };
  getNativeToken: () => Promise<string | null>;
  loginFlow: LoginFlowDeps;
  sleep: (ms: number) => Promise<void>;
  /** spec 1 §4 step 5 "re-renders". */
  rerender: () => void;
  /** spec 1 §2: account opening for a signed-in user, login first for a visitor. */
  openAccountCreation: (step: 'open' | 'login') => void;
}

export interface StartupRun {
  /** Settles once the token is known (steps 1–2). */
  session: Promise<unknown>;
  /** Settles once the API-lock token has arrived (step b). */
  apiLock: Promise<unknown>;
  /** Settles after the last step. */
  done: Promise<unknown>;
}

/** spec 1 §4 step 2: the pages that run without session init. */
export function skipsSessionInit({ pathname, search }: { pathname: string; search: string }): boolean {
  if (isPathOf(pathname, 'vipGiftCard')) return true;
  return isPathOf(pathname, 'newscastCont') && new URLSearchParams(search).get('state') === 'auth';
}

/** spec 1 §2: the live-stream pages skip the VIP-type call. */
export function isLiveStreamPath(pathname: string): boolean {
  return startsWithPathOf(pathname, 'LiveStream');
}

function clearUserCaches(): void {
  for (const key of userCacheKeys.local) window.localStorage.removeItem(key);
  for (const key of userCacheKeys.session) window.sessionStorage.removeItem(key);
  localStore.getState().change_isGetNewUserCard(null);
  sessionStore.getState().set('newUser', null);
  sessionStore.getState().change_presentCard(null);
}

/** Step 1. */
async function settleToken(deps: StartupDeps): Promise<void> {
  const local = localStore.getState();
  if (!deps.environment.inNativeApp) {
    if (local.token !== null && stalePlaceholderTokens.includes(local.token)) local.setToken(null);
    return;
  }
  const token = await deps.getNativeToken();
  // null: the bridge did not answer (an old app): keep what this page already has.
  if (token === null) return;
  if (token) {
    local.setToken(token);
    return;
  }
  local.setToken(null);
  clearUserCaches();
  deps.rerender();
}

const startup = { startup: true } as const;

/** Step (b): the API-lock token, tried until it arrives (the one step that must succeed). */
async function fetchApiLock(deps: StartupDeps): Promise<void> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      const token = await request('config.apiOuth', undefined, startup);
      localStore.getState().GET_APILOCK_SUCESS(token);
      return;
    } catch {
      await deps.sleep(apiLockRetryDelay(attempt));
    }
  }
}

async function refreshUserInfo(): Promise<void> {
  const user = await request('user.userinfo', {}, startup);
  sessionStore.getState().change_userInfo(user);
  sessionStore.getState().set('abTestBatchNo', user.abTestBatchNo);
}

async function fetchRegion(): Promise<void> {
  const region = await request('user.isCN', undefined, startup);
  const session = sessionStore.getState();
  session.set('isCn', String(region.isCN));
  session.set('isCnMsg', region.msg);
  session.change_userIP(region.ip);
}

async function fetchVipType(): Promise<void> {
  const { vipType } = await request('user.vipType', undefined, startup);
  sessionStore.getState().set('vipType', String(vipType));
}

const ignoreFailure = (step: Promise<void>) => step.catch(() => undefined);

/** Runs the sequence; the returned promises tell the request gates when to let calls through. */
export function runStartup(deps: StartupDeps): StartupRun {
  const session = (async () => {
    await ignoreFailure(settleToken(deps));
    if (!skipsSessionInit(deps.location))
      await ignoreFailure(runLoginFlow(deps.loginFlow).then(() => undefined));
    // spec 1 §2: open_HX_creatAccount=creat opens the account-creation flow once the user is known.
    const creation = accountCreationStep(deps.location.search, Boolean(localStore.getState().token));
    if (creation) deps.openAccountCreation(creation);
  })();

  let apiLockDone: () => void = () => {};
  const apiLock = new Promise<void>((resolve) => (apiLockDone = resolve));

  const done = (async () => {
    await session;
    const signedIn = () => Boolean(localStore.getState().token);
    // (a) In the app with a token, refresh the user info.
    if (deps.environment.inNativeApp && signedIn()) await ignoreFailure(refreshUserInfo());
    // (b) The API-lock token; waits for success.
    await fetchApiLock(deps);
    apiLockDone();
    // (c) Region info; a failure is swallowed (spec 1 §8).
    await ignoreFailure(fetchRegion());
    // (d) The VIP type, except on live-stream pages. A visitor without a token has none, and asking
    // would answer 004 and send them to login, so only signed-in users ask.
    if (!isLiveStreamPath(deps.location.pathname) && signedIn()) await ignoreFailure(fetchVipType());
    // (e) The app is mounted already (see the comment at the top).
  })();

  return { session, apiLock, done };
}

async function nativeToken(): Promise<string | null> {
  const { nativeBridge } = await import('../../platform/bridge/index.ts');
  // An app that never answers must not hold every call forever.
  const result = await nativeBridge.call('getToken', undefined, { timeoutMs: 3000 });
  return result.ok ? result.value : null;
}

/** The sequence with the page's real environment. */
export function startApp(): StartupRun {
  const environment = currentEnvironment();
  // spec 1 §7 checkReopenToken: the app asks the page to check its token when it comes back.
  if (environment.inNativeApp)
    void import('../native/reopen-token.ts').then(({ registerReopenTokenCheck }) =>
      registerReopenTokenCheck(),
    );
  return runStartup({
    environment,
    location: { pathname: window.location.pathname, search: window.location.search },
    getNativeToken: nativeToken,
    loginFlow: loginFlowDeps(environment),
    sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    rerender: () => memoryStore.getState().rerender(),
    openAccountCreation: (step) => {
      if (step === 'open') navigateTo(accountOpeningPath);
      else void import('../../platform/session/login-redirect.ts').then(({ sendToLogin }) => sendToLogin());
    },
  });
}
