/**
 * Minimal runtime-environment detection from the user agent (spec 1 §1). The full detection
 * (WeChat mini-program, iPad app, bridge methods) arrives with the platform issue; this covers
 * what the shell needs now: hiding the tab bar in the native app and the requestFrom header.
 *
 * Our native iOS and Android apps append `ZhicaiApp/<version>` to the webview user agent, where
 * the version is the app's build number (ten digits such as 2022102000, or a short number such
 * as 90 on old builds; spec 1 §4 compares both forms). That token is the native-app marker.
 */
const nativeAppPattern = /\bZhicaiApp\/(\d+)/i;
const wechatPattern = /MicroMessenger/i;

export function isNativeApp(userAgent: string): boolean {
  return nativeAppPattern.test(userAgent);
}

/** The native app's build number from the user agent, or null outside the app. */
export function nativeAppVersion(userAgent: string): string | null {
  return nativeAppPattern.exec(userAgent)?.[1] ?? null;
}

export function isWeChat(userAgent: string): boolean {
  return wechatPattern.test(userAgent);
}

/**
 * The native shell injects its script bridge (dsbridge: `_dsbridge` on Android, `_dswk` on iOS)
 * before the page runs; a page can be inside the shell even when a proxy rewrote the user agent.
 */
export function hasNativeBridge(win: object): boolean {
  return '_dsbridge' in win || '_dswk' in win;
}

/** Whether this page runs inside our native app, by user agent or by its injected bridge. */
export function isInNativeApp(win: Window = window): boolean {
  return isNativeApp(win.navigator.userAgent) || hasNativeBridge(win);
}

export type RequestFrom = 'ios' | 'ios-ipad' | 'android' | 'wechat' | 'other';

/**
 * The requestFrom header (spec 1 §7): the device inside the native app, wechat inside WeChat,
 * other everywhere else.
 */
export function requestFrom(userAgent: string): RequestFrom {
  if (isNativeApp(userAgent)) {
    if (/iPad/i.test(userAgent)) return 'ios-ipad';
    if (/iPhone|iPod/i.test(userAgent)) return 'ios';
    if (/Android/i.test(userAgent)) return 'android';
    return 'other';
  }
  return isWeChat(userAgent) ? 'wechat' : 'other';
}
