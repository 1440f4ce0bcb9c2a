import { describe, expect, it, vi } from 'vitest';
import { callbackName, createDsBridge, type DsBridgeWindow } from './dsbridge-protocol.ts';
import { fakeNative } from './fake-native.ts';
import { createNativeBridge } from './native-bridge.ts';

describe('DSBridge protocol', () => {
  it('sends {data, _dscbstub} to Android through window._dsbridge.call', async () => {
    const native = fakeNative('android');
    native.answerAsync('getToken', (_data, answer) => answer('tok-1'));
    const bridge = createNativeBridge(native.win);
    await expect(bridge.call('getToken')).resolves.toEqual({ ok: true, value: 'tok-1' });
    expect(native.calls).toEqual([
      { method: 'getToken', data: null, callback: expect.stringMatching(/^dscb\d+$/) },
    ]);
  });

  it('sends through prompt("_dsbridge=" + method) on iOS WKWebView', async () => {
    const native = fakeNative('ios');
    native.answerSync('appInfo', () => ({ isPad: true, version: '2022102000' }));
    const bridge = createNativeBridge(native.win);
    await expect(bridge.call('appInfo')).resolves.toEqual({
      ok: true,
      value: { isPad: true, version: '2022102000' },
    });
    expect(native.callsOf('appInfo')).toHaveLength(1);
  });

  it('names callbacks by time plus a random digit (spec 1 §7) and removes them after the answer', async () => {
    const native = fakeNative();
    let answer: (value: unknown) => void = () => {};
    native.answerAsync('getToken', (_data, reply) => {
      answer = reply;
    });
    const dsbridge = createDsBridge(native.win, { now: () => 1_700_000_000_000, random: () => 0.73 });
    const bridge = createNativeBridge(native.win, dsbridge);
    const pending = bridge.call('getToken');
    expect(native.calls[0]?.callback).toBe('dscb17000000000007');
    expect(typeof native.win.dscb17000000000007).toBe('function');
    answer('t');
    await expect(pending).resolves.toEqual({ ok: true, value: 't' });
    expect('dscb17000000000007' in native.win).toBe(false);
  });

  it('draws another digit when a callback name is still taken', () => {
    const win: DsBridgeWindow = { dscb57: () => {} };
    const digits = [0.7, 0.2];
    expect(
      callbackName(
        win,
        () => 5,
        () => digits.shift() ?? 0,
      ),
    ).toBe('dscb572');
  });

  it('sends commands without a callback and resolves at once', async () => {
    const native = fakeNative();
    native.answerSync('hidden', () => null);
    const bridge = createNativeBridge(native.win);
    await expect(bridge.call('hidden', 0)).resolves.toEqual({ ok: true, value: undefined });
    await bridge.call('padTo', { pdf: 'https://x/a.pdf' });
    expect(native.calls).toEqual([
      { method: 'hidden', data: 0, callback: undefined },
      { method: 'padTo', data: { pdf: 'https://x/a.pdf' }, callback: undefined },
    ]);
  });

  it('reports a method the app does not know as missing', async () => {
    const native = fakeNative();
    const bridge = createNativeBridge(native.win);
    await expect(bridge.call('getCode')).resolves.toEqual({ ok: false, reason: 'missing' });
    await expect(bridge.call('tabbar', { index: 1 })).resolves.toEqual({ ok: false, reason: 'missing' });
  });

  it('gives up after the timeout when the app never answers', async () => {
    vi.useFakeTimers();
    const native = fakeNative();
    native.answerAsync('getToken', () => {});
    const bridge = createNativeBridge(native.win);
    const pending = bridge.call('getToken', undefined, { timeoutMs: 3000 });
    vi.advanceTimersByTime(3000);
    await expect(pending).resolves.toEqual({ ok: false, reason: 'timeout' });
    vi.useRealTimers();
  });

  it('turns a native exception into a failed result', async () => {
    const win: DsBridgeWindow = {
      _dsbridge: {
        call: () => {
          throw new Error('native crashed');
        },
      },
    };
    await expect(createNativeBridge(win).call('getToken')).resolves.toEqual({ ok: false, reason: 'failed' });
  });

  it('normalises appInfo sent as JSON text and a missing token as empty', async () => {
    const native = fakeNative();
    native.answerSync('appInfo', () => '{"isPad":0,"version":90}');
    native.answerAsync('getToken', (_data, answer) => answer(null));
    const bridge = createNativeBridge(native.win);
    await expect(bridge.call('appInfo')).resolves.toEqual({
      ok: true,
      value: { isPad: false, version: '90' },
    });
    await expect(bridge.call('getToken')).resolves.toEqual({ ok: true, value: '' });
  });
});

describe('outside the native app', () => {
  it('resolves every call at once as notInApp instead of hanging', async () => {
    const bridge = createNativeBridge({ navigator: { userAgent: 'Mozilla/5.0 Chrome' } });
    expect(bridge.isAvailable()).toBe(false);
    await expect(bridge.call('getToken')).resolves.toEqual({ ok: false, reason: 'notInApp' });
    await expect(bridge.call('back')).resolves.toEqual({ ok: false, reason: 'notInApp' });
    expect(bridge.hasNativeMethod('getToken')).toBe(false);
    expect(bridge.closePage()).toBe(false);
    expect(() => bridge.disableDialogBlock()).not.toThrow();
  });
});

describe('_dsb built-ins', () => {
  it('asks _dsb.hasNativeMethod with the name and type', () => {
    const native = fakeNative();
    native.answerSync('_dsb.hasNativeMethod', (data) => (data as { name: string }).name === 'pay');
    const bridge = createNativeBridge(native.win);
    expect(bridge.hasNativeMethod('pay')).toBe(true);
    expect(bridge.hasNativeMethod('nothing', 'asyn')).toBe(false);
    expect(native.callsOf('_dsb.hasNativeMethod').map((call) => call.data)).toEqual([
      { name: 'pay', type: 'all' },
      { name: 'nothing', type: 'asyn' },
    ]);
  });

  it('disables dialog blocking and closes the page', () => {
    const native = fakeNative();
    const bridge = createNativeBridge(native.win);
    bridge.disableDialogBlock();
    expect(bridge.closePage()).toBe(true);
    expect(native.calls.map(({ method, data }) => ({ method, data }))).toEqual([
      { method: '_dsb.disableJavascriptDialogBlock', data: { disable: true } },
      { method: '_dsb.closePage', data: null },
    ]);
  });
});

describe('page methods the app calls', () => {
  it('registers sync methods, announces _dsb.dsinit once, and returns values through _dsb.returnValue', () => {
    const native = fakeNative();
    const deferred: (() => void)[] = [];
    const bridge = createNativeBridge(
      native.win,
      createDsBridge(native.win, {
        defer: (task) => {
          deferred.push(task);
        },
      }),
    );
    bridge.register('refresh', (a, b) => `${String(a)}+${String(b)}`);
    bridge.register('other', () => 1);
    expect(deferred).toHaveLength(1);
    deferred[0]?.();
    expect(native.callsOf('_dsb.dsinit')).toHaveLength(1);

    native.win._handleMessageFromNative?.({ method: 'refresh', callbackId: 7, data: '["x","y"]' });
    expect(native.callsOf('_dsb.returnValue').at(-1)?.data).toEqual({ id: 7, data: 'x+y', complete: true });
  });

  it('runs async methods with a completion callback', () => {
    const native = fakeNative();
    const bridge = createNativeBridge(native.win, createDsBridge(native.win, { defer: () => {} }));
    bridge.register(
      'later',
      (value, done) => {
        if (typeof done === 'function') done(`got ${String(value)}`, false);
      },
      { async: true },
    );
    native.win._handleMessageFromNative?.({ method: 'later', callbackId: 'c1', data: '[3]' });
    expect(native.callsOf('_dsb.returnValue').at(-1)?.data).toEqual({
      id: 'c1',
      data: 'got 3',
      complete: false,
    });
  });

  it('answers the native _hasJavascriptMethod question', () => {
    const native = fakeNative();
    const bridge = createNativeBridge(native.win, createDsBridge(native.win, { defer: () => {} }));
    bridge.register('closeWebSocket', () => undefined);
    const has = native.win._dsf?._hasJavascriptMethod;
    expect(has?.('closeWebSocket')).toBe(true);
    expect(has?.('unknown')).toBe(false);
  });
});
