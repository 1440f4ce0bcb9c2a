import { afterEach, beforeEach, vi } from 'vitest';
import { localStore } from '../../platform/session/local-store.ts';

/**
 * Every test of the calling file starts signed in (strategies are the user's), and leaves neither
 * its token nor its stubbed fetch behind for the next file.
 */
export function signedInEachTest(token = 'jwt-alice'): void {
  beforeEach(() => {
    localStore.getState().setToken(token);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    localStore.getState().setToken(null);
  });
}
