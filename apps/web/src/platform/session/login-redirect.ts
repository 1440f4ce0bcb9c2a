import { href } from '@zhicai/contract';
import { currentEnvironment } from '../environment.ts';
import { isPathOf, startsWithPathOf } from '../links.ts';
import { currentPath, navigateTo } from '../navigation.ts';
import { getRuntimeConfig } from '../runtime-config.ts';

/**
 * Where a user without a valid session goes to log in (spec 1 §4 "Login flow", §8 session-invalid
 * codes): the relogin view of the native app, WeChat authorization inside WeChat, and our SMS-code
 * login page (/bindphone) in any other browser.
 */

/** The state WeChat hands back with the code (spec 1 §4 "state auth"). */
export const wechatAuthState = 'auth';
/** Query parameters of WeChat's return that must not be sent back to WeChat as the redirect. */
const wechatReturnParams = ['code', 'state'];

/** The phone-and-SMS login page's URL; `redirect` carries the page to return to. */
export function loginUrl(returnTo: string): string {
  return href('bindphone', { redirect: returnTo });
}

/**
 * The return path a login page may send the user to: in-app paths only, so a crafted link cannot
 * bounce a freshly logged-in user to another site. Anything else returns to /me.
 */
export function safeReturnPath(redirect: string | null): string {
  if (!redirect?.startsWith('/') || redirect.startsWith('//') || startsWithPathOf(redirect, 'bindphone'))
    return href('me');
  return redirect;
}

/**
 * WeChat's OAuth authorize URL (spec 1 §4: scope userinfo, state auth) for a page URL. The code and
 * state of an earlier return are dropped from the redirect, so a retry does not carry a used code.
 */
export function wechatAuthorizeUrl(pageUrl: string, authorizeUrl: string, appId: string): string {
  const redirect = new URL(pageUrl);
  for (const key of wechatReturnParams) redirect.searchParams.delete(key);
  const query = new URLSearchParams({
    appid: appId,
    redirect_uri: redirect.toString(),
    response_type: 'code',
    scope: 'snsapi_userinfo',
    state: wechatAuthState,
  });
  // WeChat requires the #wechat_redirect fragment on its own page; our local consent page ignores it.
  return `${authorizeUrl}${authorizeUrl.includes('?') ? '&' : '?'}${query.toString()}#wechat_redirect`;
}

export function redirectToWeChatAuthorization(): void {
  const { wechatAuthorizeUrl: authorizeUrl, wechatAppId } = getRuntimeConfig();
  window.location.assign(wechatAuthorizeUrl(window.location.href, authorizeUrl, wechatAppId));
}

/**
 * The native relogin view: the app's `router` bridge method with the relogin page. The native side
 * shows its own login screen and hands the page a new token through getToken afterwards.
 */
export const nativeReloginRoute = { path: 'relogin' } as const;

async function openNativeRelogin(): Promise<void> {
  const { nativeBridge } = await import('../bridge/index.ts');
  await nativeBridge.call('router', nativeReloginRoute);
}

/** Sends the user to login in whatever way their environment logs in. */
export function sendToLogin(): void {
  const environment = currentEnvironment();
  if (environment.inNativeApp) {
    void openNativeRelogin().catch(() => undefined);
    return;
  }
  if (environment.inWeChat && !environment.inMiniProgram) {
    redirectToWeChatAuthorization();
    return;
  }
  if (isPathOf(window.location.pathname, 'bindphone')) return;
  navigateTo(loginUrl(currentPath()));
}
