/**
 * What calls wait for while the startup sequence runs (spec 1 §4 "Startup order").
 *
 * Our reading of the spec: the shell paints at once, and the startup steps run in the background.
 * The order still holds for what depends on it:
 * - `session`: every call waits until the session is known (the native token has arrived, the
 *   login flow of the page load has settled), so no call goes out without the token the user has;
 * - `apiLock`: calls to /v3/ paths also wait for step (b), the API-lock token, which is the one step
 *   that must succeed (its signature headers depend on it).
 * The gates are open until `holdCalls` closes them, so code running without the startup sequence
 * (tests, pages rendered alone) is never held.
 */
let session: Promise<unknown> = Promise.resolve();
let apiLock: Promise<unknown> = Promise.resolve();

export interface StartupGates {
  session: Promise<unknown>;
  apiLock: Promise<unknown>;
}

/** Holds calls until the given steps settle (a failed step opens its gate too). */
export function holdCalls(gates: StartupGates): void {
  const settle = (step: Promise<unknown>) =>
    step.then(
      () => undefined,
      () => undefined,
    );
  session = settle(gates.session);
  apiLock = settle(gates.apiLock);
}

export function sessionGate(): Promise<unknown> {
  return session;
}

export function apiLockGate(): Promise<unknown> {
  return apiLock;
}
