/**
 * Long background work (a screen's daily table, the market's fill) shares the event loop with
 * requests and ticks. Awaiting a synchronous SQLite read only yields to microtasks, so a loop of
 * such reads would hold every request for its whole run; these helpers hand the loop back.
 */

/** Resolves on a later turn of the event loop, after pending I/O (setImmediate). */
export const nextTurn = (): Promise<void> => new Promise<void>((resolve) => setImmediate(resolve));

/** How long a slice of background work may hold the loop: a request waits at most about this. */
export const backgroundSliceMs = 8;

/**
 * A checkpoint for a loop of background work: awaited once per item, it yields a turn of the event
 * loop whenever the work has run `sliceMs` since the last turn, and costs a clock read otherwise.
 */
export function sliceCheckpoint(sliceMs = backgroundSliceMs): () => Promise<void> | undefined {
  let since = performance.now();
  return () => {
    if (performance.now() - since < sliceMs) return undefined;
    return nextTurn().then(() => {
      since = performance.now();
    });
  };
}
