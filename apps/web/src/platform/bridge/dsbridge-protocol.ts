/**
 * The DSBridge 3 JavaScript protocol, implemented here because the npm `dsbridge` package is not
 * installed (and would touch `window` at import). Same wire format, so the native DWebView (Android)
 * and DSBridge-iOS keep working unchanged; swapping in the package later only replaces this file.
 *
 * Page → native: `{data, _dscbstub?}` as JSON, through `window._dsbridge.call(method, json)` on
 * Android, or `prompt('_dsbridge=' + method, json)` on iOS WKWebView (which injects `_dswk`). The
 * native side answers synchronously with `{code, data?}` JSON: code -1 means "no such method"; a
 * sync method puts its value in `data`; an async method answers later by calling the callback
 * function named in `_dscbstub` on window.
 *
 * Native → page: `window._handleMessageFromNative({method, callbackId, data})` runs a page method
 * from `window._dsf` (sync) or `window._dsaf` (async, gets a completion function as the last
 * argument) and returns its value through `_dsb.returnValue`.
 */

/** Android's injected object. */
interface AndroidBridge {
  call(method: string, args: string): string | null | undefined;
}

export type PageMethod = (...args: unknown[]) => unknown;
type MethodTable = Record<string, PageMethod> & { _obs: Record<string, Record<string, PageMethod>> };

interface NativeMessage {
  method: string;
  callbackId: number | string;
  /** JSON text of the argument array. */
  data: string;
}

/** The window fields the protocol reads and writes. */
export interface DsBridgeWindow {
  _dsbridge?: AndroidBridge;
  _dswk?: unknown;
  _dsf?: MethodTable;
  _dsaf?: MethodTable;
  _dsInit?: boolean;
  _handleMessageFromNative?: (message: NativeMessage) => void;
  prompt?: (message?: string, defaultValue?: string) => string | null;
  navigator?: { userAgent: string };
  [callbackName: string]: unknown;
}

/** The native side's synchronous answer. */
export interface NativeAnswer {
  /** 0 ok; -1 the native side has no such method. */
  code: number;
  data?: unknown;
}

export const notInApp: NativeAnswer = { code: -2 };

/** Whether the native bridge is present (Android object, iOS marker, or the iOS UA marker). */
export function bridgePresent(win: DsBridgeWindow): boolean {
  return (
    typeof win._dsbridge?.call === 'function' ||
    win._dswk !== undefined ||
    (win.navigator?.userAgent.includes('_dsbridge') ?? false)
  );
}

/**
 * spec 1 §7: "generated callback names use time plus a random digit". The prefix keeps them
 * recognisable on window; a name still taken (two calls in the same millisecond drew the same
 * digit) gets another digit appended.
 */
export function callbackName(win: DsBridgeWindow, now: () => number, random: () => number): string {
  let name = `dscb${now()}${Math.floor(random() * 10)}`;
  while (name in win) name += String(Math.floor(random() * 10));
  return name;
}

function parseAnswer(raw: string | null | undefined): NativeAnswer {
  if (!raw) return { code: 0 };
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value === 'object' && value !== null) {
      const { code, data } = value as Record<string, unknown>;
      return { code: typeof code === 'number' ? code : 0, ...(data === undefined ? {} : { data }) };
    }
  } catch {
    // A malformed answer is treated as "no synchronous value"; an async callback may still come.
  }
  return { code: 0 };
}

export interface DsBridge {
  present(): boolean;
  /**
   * Calls a native method. With `onAnswer`, a callback is registered for an async native method;
   * the caller removes it with `release` once done. Outside the app answers `notInApp`.
   */
  call(
    method: string,
    args?: unknown,
    onAnswer?: (data: unknown) => void,
  ): { answer: NativeAnswer; release(): void };
  register(name: string, fn: PageMethod, async?: boolean): void;
}

export interface DsBridgeOptions {
  now?: () => number;
  random?: () => number;
  /** Runs a task on a later turn of the event loop (the dsinit announcement). */
  defer?: (task: () => void) => void;
}

export function createDsBridge(
  win: DsBridgeWindow,
  {
    now = Date.now,
    random = Math.random,
    defer = (task) => {
      setTimeout(task, 0);
    },
  }: DsBridgeOptions = {},
): DsBridge {
  function send(method: string, json: string): NativeAnswer {
    if (typeof win._dsbridge?.call === 'function') return parseAnswer(win._dsbridge.call(method, json));
    if (bridgePresent(win) && typeof win.prompt === 'function')
      return parseAnswer(win.prompt(`_dsbridge=${method}`, json));
    return notInApp;
  }

  function call(method: string, args?: unknown, onAnswer?: (data: unknown) => void) {
    if (!bridgePresent(win)) return { answer: notInApp, release: () => {} };
    const payload: { data: unknown; _dscbstub?: string } = { data: args === undefined ? null : args };
    let name: string | undefined;
    if (onAnswer) {
      name = callbackName(win, now, random);
      win[name] = onAnswer;
      payload._dscbstub = name;
    }
    const release = () => {
      if (name !== undefined) delete win[name];
    };
    let answer: NativeAnswer;
    try {
      answer = send(method, JSON.stringify(payload));
    } catch {
      // A native exception surfaces in JS; report it as a failed call rather than throwing.
      answer = { code: -3 };
    }
    return { answer, release };
  }

  function tables(): { sync: MethodTable; async: MethodTable } {
    win._dsf ??= { _obs: {} } as MethodTable;
    win._dsaf ??= { _obs: {} } as MethodTable;
    return { sync: win._dsf, async: win._dsaf };
  }

  function install() {
    const { sync, async } = tables();
    if (win._handleMessageFromNative) return;
    win._handleMessageFromNative = (message: NativeMessage) => {
      let args: unknown[];
      try {
        const parsed: unknown = JSON.parse(message.data);
        args = Array.isArray(parsed) ? parsed : [parsed];
      } catch {
        args = [];
      }
      const reply = (data: unknown, complete = true) =>
        call('_dsb.returnValue', { id: message.callbackId, data, complete });
      const [namespace, member] = splitName(message.method);
      const syncFn = member ? sync._obs[namespace]?.[member] : sync[message.method];
      const asyncFn = member ? async._obs[namespace]?.[member] : async[message.method];
      if (typeof syncFn === 'function') reply(syncFn(...args));
      else if (typeof asyncFn === 'function')
        asyncFn(...args, (data: unknown, complete?: boolean) => reply(data, complete !== false));
    };
    // The native side asks whether a page method exists before calling it.
    sync._hasJavascriptMethod = (name: unknown) => {
      if (typeof name !== 'string') return false;
      const [namespace, member] = splitName(name);
      if (member) return Boolean(sync._obs[namespace]?.[member] ?? async._obs[namespace]?.[member]);
      return typeof sync[name] === 'function' || typeof async[name] === 'function';
    };
  }

  return {
    present: () => bridgePresent(win),
    call,
    register(name, fn, isAsync = false) {
      install();
      const { sync, async } = tables();
      (isAsync ? async : sync)[name] = fn;
      if (!win._dsInit) {
        win._dsInit = true;
        // As dsbridge does: tell the native side, on the next turn, that page methods are ready.
        defer(() => call('_dsb.dsinit'));
      }
    },
  };
}

/** 'a.b.c' → ['a.b', 'c']; a plain name → [name, undefined]. */
function splitName(name: string): [string, string | undefined] {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? [name, undefined] : [name.slice(0, dot), name.slice(dot + 1)];
}
