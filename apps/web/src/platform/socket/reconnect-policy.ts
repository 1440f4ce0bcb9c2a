/**
 * The live-quote socket's timing rules (spec 1 §4 "Live quotes" and §9 "Websocket"). Every constant
 * here has its own test in quote-socket.test.ts.
 */
export const quoteSocketTimings = {
  /** spec 1 §9: the number of endpoints the client rotates through. */
  endpointCount: 5,
  /** spec 1 §9: a socket that has not opened after 4000 ms counts as failed. */
  connectTimeoutMs: 4000,
  /** spec 1 §4/§9: after an error the client moves to the next endpoint and tries again after 3 s. */
  errorRetryMs: 3000,
  /** spec 1 §9: a dropped connection is re-opened after 2000–10000 ms, jittered. */
  reconnectMinMs: 2000,
  reconnectMaxMs: 10_000,
  /** spec 1 §4/§9: a socket closed because the page was hidden re-opens 500 ms after it is visible. */
  resumeAfterVisibleMs: 500,
} as const;

/**
 * The wait before re-opening a connection that closed without an error (the server restarted, a
 * proxy idled it out). The upper bound doubles per consecutive drop, from 4 s up to the spec's
 * 10 s, and the wait is drawn uniformly between 2 s and that bound: many clients dropped at once by
 * one server restart then come back spread out rather than all together.
 *
 * @param attempt consecutive drops without a successful open in between, starting at 0
 * @param random a number in [0, 1), Math.random in production
 */
export function reconnectDelayMs(attempt: number, random: number): number {
  const { reconnectMinMs, reconnectMaxMs } = quoteSocketTimings;
  const upper = Math.min(reconnectMaxMs, 2 * reconnectMinMs * 2 ** Math.max(0, attempt));
  const unit = Math.min(Math.max(random, 0), 1);
  return Math.round(reconnectMinMs + unit * (upper - reconnectMinMs));
}

/** The endpoint after `index`, wrapping after the last one. */
export function nextEndpoint(index: number, count: number): number {
  return count === 0 ? 0 : (index + 1) % count;
}
