import { createDsBridge, type DsBridge, type DsBridgeWindow, type PageMethod } from './dsbridge-protocol.ts';

/** Any JSON value, for payloads whose shape the native side defines (spec 1 §7 does not show them). */
export type NativePayload =
  | string
  | number
  | boolean
  | null
  | NativePayload[]
  | { [key: string]: NativePayload };

/** spec 1 §7 / spec 2 §7.1: appInfo returns isPad and version. */
export interface AppInfo {
  isPad: boolean;
  version: string;
}

/** spec 1 §7: Android pays for our goods with quantity, coupon and amount (yuan). */
export interface AndroidPayment {
  goodsId: string | number;
  num: number;
  couponId?: string | number;
  amount: number;
}

/** spec 1 §7: iOS pays through an in-app purchase of this product code. */
export interface IosPayment {
  code: string;
}

/**
 * Every native method named in spec 1 §7 "Native bridge", with its argument and result. `result:
 * void` methods are fire-and-forget commands; the others wait for the native answer.
 */
export interface NativeMethods {
  back: { args: NativePayload | undefined; result: undefined };
  shareAddress: { args: NativePayload; result: undefined };
  navTo: { args: NativePayload; result: undefined };
  appInfo: { args: undefined; result: AppInfo };
  infoToShare: { args: NativePayload; result: undefined };
  goback: { args: NativePayload | undefined; result: undefined };
  rightNavBar: { args: NativePayload; result: undefined };
  share_content_h: { args: NativePayload; result: undefined };
  shareContent: { args: NativePayload; result: undefined };
  shareAction: { args: NativePayload; result: undefined };
  toFavorite: { args: NativePayload; result: unknown };
  /**
   * spec 2 §7.1: value 0 hides the native tab bar, 1 shows it again. The report page's modal sheet
   * sends `{ value }` (spec 2 §2.1 "hidden with value 0"); the bare number is kept for older callers.
   */
  hidden: { args: 0 | 1 | { value: 0 | 1 }; result: undefined };
  showMask: { args: NativePayload; result: undefined };
  /** spec 2 §7.1: the iPad opens a PDF natively. */
  padTo: { args: { pdf: string }; result: undefined };
  router: { args: NativePayload; result: unknown };
  url: { args: NativePayload; result: undefined };
  getCode: { args: NativePayload | undefined; result: unknown };
  switchCode: { args: NativePayload; result: undefined };
  StockRealTime: { args: NativePayload; result: unknown };
  breakWebSocket: { args: NativePayload | undefined; result: undefined };
  closeWebSocket: { args: NativePayload | undefined; result: undefined };
  checkReopenToken: { args: NativePayload | undefined; result: unknown };
  tabbar: { args: NativePayload; result: undefined };
  /** spec 1 §4 startup step 1: the app's login token, '' when the app user is logged out. */
  getToken: { args: undefined; result: string };
  /** Payments (spec 1 §7): Android and iOS payloads differ; see payments.ts. */
  pay: { args: AndroidPayment | IosPayment; result: unknown };
}

export type NativeMethodName = keyof NativeMethods;

/**
 * Methods the page waits on. Everything else is sent without a callback, since the native side
 * never answers a command and a pending callback would leak on window.
 */
const answering: ReadonlySet<NativeMethodName> = new Set<NativeMethodName>([
  'appInfo',
  'getToken',
  'getCode',
  'checkReopenToken',
  'toFavorite',
  'router',
  'StockRealTime',
  'pay',
]);

/**
 * notInApp: the page is not inside the native app (browser, WeChat) — resolved at once;
 * missing: the app is too old to know the method; failed: the bridge threw or answered garbage;
 * timeout: the app did not answer in time.
 */
export type BridgeFailure = 'notInApp' | 'missing' | 'failed' | 'timeout';
export type BridgeResult<T> = { ok: true; value: T } | { ok: false; reason: BridgeFailure };

export interface CallOptions {
  /** Give up waiting for an answer after this long; no limit by default (a payment can take minutes). */
  timeoutMs?: number;
}

type ArgsOf<M extends NativeMethodName> = undefined extends NativeMethods[M]['args']
  ? [args?: NativeMethods[M]['args'], options?: CallOptions]
  : [args: NativeMethods[M]['args'], options?: CallOptions];

/** Normalises what the native side answers for the methods whose result shape we rely on. */
function normalise(method: NativeMethodName, value: unknown): BridgeResult<unknown> {
  // Some native builds answer JSON text rather than an object.
  let parsed = value;
  if (typeof value === 'string' && method === 'appInfo') {
    try {
      parsed = JSON.parse(value);
    } catch {
      return { ok: false, reason: 'failed' };
    }
  }
  if (method === 'getToken') {
    if (parsed === null || parsed === undefined) return { ok: true, value: '' };
    return typeof parsed === 'string' ? { ok: true, value: parsed } : { ok: false, reason: 'failed' };
  }
  if (method === 'appInfo') {
    if (typeof parsed !== 'object' || parsed === null) return { ok: false, reason: 'failed' };
    const { isPad, version } = parsed as Record<string, unknown>;
    return {
      ok: true,
      value: {
        isPad: isPad === true || isPad === 1 || isPad === '1' || isPad === 'true',
        version: version === undefined || version === null ? '' : String(version),
      } satisfies AppInfo,
    };
  }
  return { ok: true, value: parsed };
}

export interface NativeBridge {
  /** Whether the page runs inside the native app with its script bridge. */
  isAvailable(): boolean;
  call<M extends NativeMethodName>(
    method: M,
    ...args: ArgsOf<M>
  ): Promise<BridgeResult<NativeMethods[M]['result']>>;
  /** Registers a page method the native app can call (sync, or async with a completion callback). */
  register(name: string, fn: PageMethod, options?: { async?: boolean }): void;
  hasNativeMethod(name: string, type?: 'all' | 'syn' | 'asyn'): boolean;
  /** Stops the native side from blocking alert/confirm/prompt dialogs after a few in a row. */
  disableDialogBlock(disable?: boolean): void;
  /** Asks the app to close this web view. */
  closePage(): boolean;
}

export function createNativeBridge(
  win: DsBridgeWindow,
  dsbridge: DsBridge = createDsBridge(win),
): NativeBridge {
  return {
    isAvailable: () => dsbridge.present(),

    call(method, ...[args, options]) {
      type Result = BridgeResult<NativeMethods[typeof method]['result']>;
      if (!dsbridge.present()) return Promise.resolve<Result>({ ok: false, reason: 'notInApp' });
      if (!answering.has(method)) {
        const { answer } = dsbridge.call(method, args);
        const result: BridgeResult<unknown> =
          answer.code === -1
            ? { ok: false, reason: 'missing' }
            : answer.code < 0
              ? { ok: false, reason: 'failed' }
              : { ok: true, value: undefined };
        return Promise.resolve(result as Result);
      }
      return new Promise<Result>((resolve) => {
        let settled = false;
        let timer: ReturnType<typeof setTimeout> | undefined;
        let release = () => {};
        const settle = (result: BridgeResult<unknown>) => {
          if (settled) return;
          settled = true;
          if (timer !== undefined) clearTimeout(timer);
          release();
          resolve(result as Result);
        };
        const sent = dsbridge.call(method, args, (data) => settle(normalise(method, data)));
        release = sent.release;
        const { answer } = sent;
        if (answer.code === -1) settle({ ok: false, reason: 'missing' });
        else if (answer.code < 0) settle({ ok: false, reason: 'failed' });
        // A synchronous native method answers in place and never calls the callback.
        else if (answer.data !== undefined) settle(normalise(method, answer.data));
        else if (options?.timeoutMs !== undefined)
          timer = setTimeout(() => settle({ ok: false, reason: 'timeout' }), options.timeoutMs);
      });
    },

    register(name, fn, options) {
      dsbridge.register(name, fn, options?.async ?? false);
    },

    hasNativeMethod(name, type = 'all') {
      if (!dsbridge.present()) return false;
      return dsbridge.call('_dsb.hasNativeMethod', { name, type }).answer.data === true;
    },

    disableDialogBlock(disable = true) {
      if (dsbridge.present()) dsbridge.call('_dsb.disableJavascriptDialogBlock', { disable });
    },

    closePage() {
      if (!dsbridge.present()) return false;
      dsbridge.call('_dsb.closePage');
      return true;
    },
  };
}

/**
 * The page's bridge. It reads `window` only when called, so importing it is safe anywhere (the npm
 * dsbridge package would touch window at import, one reason it is not used).
 */
export const nativeBridge: NativeBridge = (() => {
  let instance: NativeBridge | undefined;
  const get = () => {
    instance ??= createNativeBridge(window as unknown as DsBridgeWindow);
    return instance;
  };
  return {
    isAvailable: () => typeof window !== 'undefined' && get().isAvailable(),
    call: (method, ...args) => get().call(method, ...args),
    register: (name, fn, options) => get().register(name, fn, options),
    hasNativeMethod: (name, type) => get().hasNativeMethod(name, type),
    disableDialogBlock: (disable) => get().disableDialogBlock(disable),
    closePage: () => get().closePage(),
  };
})();
