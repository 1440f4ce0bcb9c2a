import type { DsBridgeWindow } from './dsbridge-protocol.ts';

export interface RecordedCall {
  method: string;
  data: unknown;
  callback: string | undefined;
}

/**
 * The native side of DSBridge for unit tests: records every call and answers with the handler
 * registered for a method (a sync value, or an async answer through the page's callback).
 */
export function fakeNative(transport: 'android' | 'ios' = 'android') {
  const calls: RecordedCall[] = [];
  const sync = new Map<string, (data: unknown) => unknown>();
  const async = new Map<string, (data: unknown, answer: (value: unknown) => void) => void>();
  const win: DsBridgeWindow = { navigator: { userAgent: 'test' } };

  function handle(method: string, json: string): string {
    const { data, _dscbstub: callback } = JSON.parse(json) as { data: unknown; _dscbstub?: string };
    calls.push({ method, data, callback });
    const syncHandler = sync.get(method);
    if (syncHandler) return JSON.stringify({ code: 0, data: syncHandler(data) });
    const asyncHandler = async.get(method);
    if (asyncHandler) {
      asyncHandler(data, (value) => {
        const fn = callback === undefined ? undefined : win[callback];
        if (typeof fn === 'function') fn(value);
      });
      return JSON.stringify({ code: 0 });
    }
    if (method.startsWith('_dsb.')) return JSON.stringify({ code: 0 });
    return JSON.stringify({ code: -1 });
  }

  if (transport === 'android') win._dsbridge = { call: handle };
  else {
    win._dswk = true;
    win.prompt = (message = '', value = '') => handle(message.replace(/^_dsbridge=/, ''), value);
  }

  return {
    win,
    calls,
    /** The native method answers synchronously with this value. */
    answerSync(method: string, handler: (data: unknown) => unknown) {
      sync.set(method, handler);
    },
    /** The native method answers through the callback, whenever `answer` is called. */
    answerAsync(method: string, handler: (data: unknown, answer: (value: unknown) => void) => void) {
      async.set(method, handler);
    },
    callsOf: (method: string) => calls.filter((call) => call.method === method),
  };
}
