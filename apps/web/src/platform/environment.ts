/**
 * Runtime-environment detection from the user agent and the page query (spec 1 §1, §7).
 *
 * Environments:
 * - the native app: our iOS and Android apps append `ZhicaiApp/<version>` to the webview user
 *   agent, where the version is the app's build number (ten digits such as 2022102000, or a short
 *   number such as 90 on old builds; spec 1 §4 compares both forms). The token is matched in any
 *   letter case, so `zhicaiapp/90` from old Android builds counts too. An injected script bridge
 *   (`_dsbridge` / `_dswk`) also marks the app, for webviews whose user agent a proxy rewrote.
 * - WeChat: `MicroMessenger` in the user agent (official-account pages and the in-app webview).
 * - the WeChat mini-program: the page query `platform=mini` (spec 1 §1), or `miniProgram` in the
 *   user agent, which WeChat adds to the webview of a mini-program's web-view component.
 * - a plain browser: everything else.
 *
 * Kept small and free of imports: the shell reads it before first paint.
 */
const nativeAppPattern = /\bZhicaiApp\/(\d+)/i;
const wechatPattern = /MicroMessenger/i;
const miniProgramPattern = /miniProgram/i;

export type RequestFrom = 'ios' | 'ios-ipad' | 'android' | 'wechat' | 'other';
export type EnvironmentKind = 'app' | 'miniProgram' | 'wechat' | 'browser';
export type Device = 'ios' | 'ipad' | 'android' | 'other';

export interface Environment {
  kind: EnvironmentKind;
  device: Device;
  /** The native app's build number, or null outside the app. */
  appVersion: string | null;
  /** Inside WeChat's browser, including the mini-program's web view. */
  inWeChat: boolean;
  inMiniProgram: boolean;
  inNativeApp: boolean;
  /** The requestFrom header (spec 1 §7). */
  requestFrom: RequestFrom;
}

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

/** spec 1 §1: query platform=mini marks the mini-program; WeChat's web-view UA says so too. */
export function isMiniProgram(userAgent: string, search = ''): boolean {
  return new URLSearchParams(search).get('platform') === 'mini' || miniProgramPattern.test(userAgent);
}

/**
 * The device family. iPadOS 13+ webviews report a desktop `Macintosh` user agent; inside our app
 * (an iOS app) that can only be an iPad, so with the app token it counts as one.
 */
export function deviceOf(userAgent: string): Device {
  if (/iPad/i.test(userAgent)) return 'ipad';
  if (/iPhone|iPod/i.test(userAgent)) return 'ios';
  if (/Android/i.test(userAgent)) return 'android';
  if (/Macintosh/i.test(userAgent) && isNativeApp(userAgent)) return 'ipad';
  return 'other';
}

/**
 * The script bridge (dsbridge: `_dsbridge` on Android, `_dswk` on iOS) is injected before the
 * page runs; a page can be inside the shell even when a proxy rewrote the user agent.
 */
export function hasNativeBridge(win: object): boolean {
  return '_dsbridge' in win || '_dswk' in win;
}

const requestFromDevice: Record<Device, RequestFrom> = {
  ios: 'ios',
  ipad: 'ios-ipad',
  android: 'android',
  other: 'other',
};

/**
 * The requestFrom header (spec 1 §7): the device inside the native app, wechat inside WeChat
 * (the mini-program's web view included), other everywhere else.
 */
export function requestFrom(userAgent: string): RequestFrom {
  if (isNativeApp(userAgent)) return requestFromDevice[deviceOf(userAgent)];
  return isWeChat(userAgent) ? 'wechat' : 'other';
}

/** Everything the app needs to know about where it runs, from a user agent and a query string. */
export function detectEnvironment(userAgent: string, search = '', bridgeInjected = false): Environment {
  const inNativeApp = isNativeApp(userAgent) || bridgeInjected;
  const inMiniProgram = !inNativeApp && isMiniProgram(userAgent, search);
  const inWeChat = !inNativeApp && (isWeChat(userAgent) || inMiniProgram);
  const kind: EnvironmentKind = inNativeApp
    ? 'app'
    : inMiniProgram
      ? 'miniProgram'
      : inWeChat
        ? 'wechat'
        : 'browser';
  return {
    kind,
    device: deviceOf(userAgent),
    appVersion: nativeAppVersion(userAgent),
    inWeChat,
    inMiniProgram,
    inNativeApp,
    requestFrom: inNativeApp ? requestFromDevice[deviceOf(userAgent)] : inWeChat ? 'wechat' : 'other',
  };
}

let cached: Environment | undefined;

/**
 * The environment of this page, read once: the user agent and bridge do not change while the
 * page lives, and `platform=mini` arrives with the first URL (later navigations drop it).
 */
export function currentEnvironment(): Environment {
  cached ??= detectEnvironment(navigator.userAgent, window.location.search, hasNativeBridge(window));
  return cached;
}

/** Whether this page runs inside our native app, by user agent or by its injected bridge. */
export function isInNativeApp(win: Window = window): boolean {
  return isNativeApp(win.navigator.userAgent) || hasNativeBridge(win);
}
