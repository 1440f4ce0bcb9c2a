/**
 * Long loops share the event loop with requests and ticks: a fan-out to thousands of sockets, a
 * screen's daily table, the market's fill. Awaiting a synchronous SQLite read only yields to
 * microtasks, so a loop of such reads would hold every request for its whole run; these helpers
 * hand the loop back between slices.
 */

/**
 * How long one slice may run before it yields to the event loop (issue 4: the loop is never blocked
 * more than 20 ms; a slice stops at the first step after this, and one step — a socket send, a
 * stock's rows — costs well under a millisecond, so a slice ends well inside the budget).
 */
export const fanOutSliceMs = 8;

/** Resolves on a later turn of the event loop, after the I/O and timers that are due. */
export const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

export interface SliceOptions {
  /** Milliseconds since an arbitrary origin (performance.now). */
  now?: () => number;
  sliceMs?: number;
  /** Resolves on a later turn of the event loop (setImmediate). */
  yieldToLoop?: () => Promise<void>;
}

/**
 * Splits a long loop (a fan-out to thousands of sockets) into slices of sliceMs, so timers, I/O and
 * requests run between them: call `spent()` before each step and, when it is true, await `next()`.
 */
export function eventLoopSlices(options: SliceOptions = {}) {
  const { now = () => performance.now(), sliceMs = fanOutSliceMs, yieldToLoop = nextTurn } = options;
  let sliceStart = now();
  return {
    spent: () => now() - sliceStart >= sliceMs,
    /** Yields to the event loop and starts a new slice. */
    async next(): Promise<void> {
      await yieldToLoop();
      sliceStart = now();
    },
  };
}

/**
 * eventLoopSlices as one checkpoint for a loop of background work: awaited once per item, it yields
 * a turn when the slice is spent and costs a clock read otherwise.
 */
export function sliceCheckpoint(sliceMs = fanOutSliceMs): () => Promise<void> | undefined {
  const slices = eventLoopSlices({ sliceMs });
  return () => (slices.spent() ? slices.next() : undefined);
}
