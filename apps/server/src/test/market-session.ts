import { afterAll, beforeAll } from 'vitest';
import { createTestApp, type TestContext } from './test-app.ts';

/** Friday 2026-11-20, 10:30:00 in Shanghai: both markets are mid-session. */
export const FRIDAY_SESSION = Date.parse('2026-11-20T02:30:00Z');
/** Wednesday 2026-03-04, 16:00 in Shanghai: after the close, the day's bars and NAVs are final. */
export const WEDNESDAY_AFTER_CLOSE = Date.parse('2026-03-04T08:00:00Z');

export interface MarketSessionOptions {
  /** API_LOCK; on by default, as in production. Off for files that test no signed calls. */
  apiLock?: boolean;
}

export interface MarketSession {
  /** The app on the generated demo market (available from beforeAll on). */
  readonly context: TestContext;
  /** The market clock in epoch ms; a test moves it and beats the engine to see the next tick. */
  now: number;
}

/**
 * One app on a generated demo market (~15–30 s) shared by the tests of a file, its market clock
 * starting at `start` and moved by the tests through `now`. Registers the file's beforeAll and
 * afterAll.
 */
export function useMarketSession(
  start: number = FRIDAY_SESSION,
  { apiLock }: MarketSessionOptions = {},
): MarketSession {
  let context: TestContext | undefined;
  const session: MarketSession = {
    get context() {
      if (!context) throw new Error('the market app starts in beforeAll');
      return context;
    },
    now: start,
  };
  beforeAll(async () => {
    context = await createTestApp({ market: true, apiLock, marketClock: () => new Date(session.now) });
  }, 180_000);
  afterAll(async () => {
    await context?.close();
  });
  return session;
}
