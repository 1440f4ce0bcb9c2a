import type { BrowserContext, Page } from 'playwright-core';

/** One call the page made to the native side. */
export interface NativeCall {
  method: string;
  data: unknown;
  /** The async callback's name on window, when the page waited for an answer. */
  callback: string | null;
}

export interface NativeHarnessOptions {
  /** What getToken answers ('' plays a logged-out app user). */
  token: string;
  appInfo?: { isPad: boolean; version: string };
}

declare global {
  interface Window {
    __nativeHarness?: { calls: NativeCall[] };
  }
}

/**
 * Plays the native app's side of DSBridge in every page of the context (spec 1 §7): injects
 * `window._dsbridge` (Android's transport) before the page's scripts run, records every call in
 * `window.__nativeHarness.calls`, answers getToken through the page's callback (an async native
 * method, as the app implements it) and appInfo synchronously, and acknowledges the `_dsb.*`
 * built-ins. Other methods are recorded and acknowledged as commands. Pair it with the native
 * user agent (support/browser.ts nativeAppUserAgent).
 */
export async function installNativeHarness(
  context: BrowserContext,
  options: NativeHarnessOptions,
): Promise<void> {
  await context.addInitScript((settings: NativeHarnessOptions) => {
    const calls: NativeCall[] = [];
    window.__nativeHarness = { calls };
    const record = (method: string, argsJson: string) => {
      const parsed = JSON.parse(argsJson || '{}') as { data?: unknown; _dscbstub?: string };
      const callback = parsed._dscbstub ?? null;
      calls.push({ method, data: parsed.data ?? null, callback });
      return callback;
    };
    const answerLater = (callback: string | null, value: unknown) => {
      if (callback === null) return;
      setTimeout(() => {
        const fn = (window as unknown as Record<string, unknown>)[callback];
        if (typeof fn === 'function') fn(value);
      }, 20);
    };
    const bridge = {
      call(method: string, argsJson: string): string {
        const callback = record(method, argsJson);
        if (method === 'getToken') {
          answerLater(callback, settings.token);
          return JSON.stringify({ code: 0 });
        }
        if (method === 'appInfo')
          return JSON.stringify({
            code: 0,
            data: settings.appInfo ?? { isPad: false, version: '2022102000' },
          });
        if (method === '_dsb.hasNativeMethod') return JSON.stringify({ code: 0, data: true });
        answerLater(callback, true);
        return JSON.stringify({ code: 0 });
      },
    };
    Object.defineProperty(window, '_dsbridge', { value: bridge, configurable: false, writable: false });
  }, options);
}

/** The calls the page made so far. */
export function nativeCalls(page: Page): Promise<NativeCall[]> {
  return page.evaluate(() => window.__nativeHarness?.calls ?? []);
}
