import { nativeBridge } from '../../platform/bridge/index.ts';
import type { NativeBridge } from '../../platform/bridge/native-bridge.ts';
import { request } from '../../platform/request/request.ts';
import { sessionInvalidated } from '../../platform/request/session-invalid.ts';
import { localStore } from '../../platform/session/local-store.ts';

/** The page method the app calls when it comes back to the foreground (spec 1 §7 checkReopenToken). */
export const reopenTokenMethod = 'checkReopenToken';

export interface ReopenCheckDeps {
  check: (key: number) => Promise<{ valid: boolean }>;
  hasToken: () => boolean;
  invalidated: () => void;
  now: () => number;
}

const defaultDeps: ReopenCheckDeps = {
  check: (key) => request('user.reopenToken', { key }),
  hasToken: () => Boolean(localStore.getState().token),
  invalidated: () => sessionInvalidated(),
  now: Date.now,
};

/**
 * spec 1 §7 "Reopen-token check: payload key (current timestamp), returns datas". A reopened app may
 * hold a token that was revoked while it slept (logout elsewhere, a newer login): the check asks
 * the server, answers the app with datas, and an unusable token takes the session-invalid path
 * (token removed, relogin view in the app). Without a token there is nothing to check; a failed
 * check (offline) keeps the token, as the next call will tell anyway.
 */
export async function checkReopenToken(deps: ReopenCheckDeps = defaultDeps): Promise<{ valid: boolean }> {
  if (!deps.hasToken()) return { valid: false };
  const answer = await deps.check(deps.now());
  if (!answer.valid) deps.invalidated();
  return answer;
}

/** Registers the check as an async page method the native app can call. */
export function registerReopenTokenCheck(
  bridge: NativeBridge = nativeBridge,
  deps: ReopenCheckDeps = defaultDeps,
): void {
  bridge.register(
    reopenTokenMethod,
    (...args) => {
      // DSBridge passes the completion function last.
      const done = args.at(-1) as ((value: unknown, complete?: boolean) => void) | undefined;
      checkReopenToken(deps)
        .then((datas) => done?.(datas, true))
        .catch(() => done?.(null, true));
    },
    { async: true },
  );
}
