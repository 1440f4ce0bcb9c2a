import { describe, expect, it, vi } from 'vitest';
import { createDsBridge } from '../../platform/bridge/dsbridge-protocol.ts';
import { fakeNative } from '../../platform/bridge/fake-native.ts';
import { createNativeBridge } from '../../platform/bridge/native-bridge.ts';
import {
  checkReopenToken,
  type ReopenCheckDeps,
  registerReopenTokenCheck,
  reopenTokenMethod,
} from './reopen-token.ts';

function deps(valid: boolean, hasToken = true) {
  return {
    check: vi.fn(async () => ({ valid })),
    hasToken: () => hasToken,
    invalidated: vi.fn(),
    now: () => 1_795_000_000_000,
  } satisfies ReopenCheckDeps;
}

describe('reopen-token check (spec 1 §7)', () => {
  it('asks the server with the current timestamp as key and keeps a valid token', async () => {
    const valid = deps(true);
    expect(await checkReopenToken(valid)).toEqual({ valid: true });
    expect(valid.check).toHaveBeenCalledWith(1_795_000_000_000);
    expect(valid.invalidated).not.toHaveBeenCalled();
  });

  it('takes the session-invalid path for a token revoked while the app slept', async () => {
    const revoked = deps(false);
    expect(await checkReopenToken(revoked)).toEqual({ valid: false });
    expect(revoked.invalidated).toHaveBeenCalledOnce();
  });

  it('does not ask without a token', async () => {
    const visitor = deps(true, false);
    expect(await checkReopenToken(visitor)).toEqual({ valid: false });
    expect(visitor.check).not.toHaveBeenCalled();
  });

  it('is a page method the app calls, answered through the completion callback with datas', async () => {
    const native = fakeNative();
    const bridge = createNativeBridge(native.win, createDsBridge(native.win, { defer: () => {} }));
    const revoked = deps(false);
    registerReopenTokenCheck(bridge, revoked);
    expect(native.win._dsf?._hasJavascriptMethod?.(reopenTokenMethod)).toBe(true);
    native.win._handleMessageFromNative?.({ method: reopenTokenMethod, callbackId: 'r1', data: '[]' });
    await vi.waitFor(() =>
      expect(native.callsOf('_dsb.returnValue').at(-1)?.data).toEqual({
        id: 'r1',
        data: { valid: false },
        complete: true,
      }),
    );
    expect(revoked.invalidated).toHaveBeenCalledOnce();
  });
});
