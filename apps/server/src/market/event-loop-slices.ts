/**
 * Long loops share the event loop with requests and ticks: a fan-out to thousands of sockets, a
 * screen's daily table, the market's fill. Awaiting a synchronous SQLite read only yields to
 * microtasks, so a loop of such reads would hold every request for its whole run; these helpers
 * hand the loop back between slices.
 */

/**
 * How long one slice may run before it yields to the event loop (issue 4: the loop is never blocked
 * more than 20 ms; a slice stops at the first step after this, and one step — a socket send, a
 * stock's rows — costs well under a millisecond). The rest of the budget is for a garbage collection
 * landing in the slice: at the open, with every quote replaced, young-generation collections took
 * 10-15 ms on a loaded machine, and 8 ms slices with one came to 17-25 ms blocks.
 */
export const fanOutSliceMs = 5;

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

/** A long loop's slices (eventLoopSlices), handed on to the loops that share its turn. */
export type EventLoopSlices = ReturnType<typeof eventLoopSlices>;

/**
 * The longest a background loop waits for foreground work to end before it takes a slice anyway,
 * so a string of fan-outs cannot starve it. A tick's fan-out to 10,000 sockets takes a few hundred
 * milliseconds, and ticks come every 3 s.
 */
export const maxBackgroundWaitMs = 1_000;

/** Foreground work under way (inForeground) and what resolves when the last of it ends. */
let foregroundRuns = 0;
let foregroundEnded: Promise<void> | null = null;
let endForeground: (() => void) | null = null;

/**
 * Runs work whose latency is budgeted (a socket fan-out: the last of 10,000 sockets within 300 ms
 * of the tick, issues 4 and 17) ahead of background loops: while it runs, a background loop's
 * checkpoint (sliceCheckpoint — a screen's refresh after the same tick, the demo content's
 * generation) waits for it to end instead of sharing the event loop's turns with it slice for
 * slice, which made the fan-out last as long again. Requests and timers still run between the
 * foreground work's own slices.
 */
export async function inForeground<T>(work: () => Promise<T>): Promise<T> {
  if (foregroundRuns === 0)
    foregroundEnded = new Promise((resolve) => {
      endForeground = resolve;
    });
  foregroundRuns += 1;
  try {
    return await work();
  } finally {
    foregroundRuns -= 1;
    if (foregroundRuns === 0) {
      endForeground?.();
      endForeground = null;
      foregroundEnded = null;
    }
  }
}

/** Resolves once no foreground work runs, or maxBackgroundWaitMs after the call. */
export function foregroundIdle(maxWaitMs = maxBackgroundWaitMs): Promise<void> {
  const ended = foregroundEnded;
  if (!ended) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, maxWaitMs);
    void ended.then(() => {
      clearTimeout(timer);
      resolve();
    });
  });
}

/** A background loop's turn: a later turn of the event loop, once no foreground work runs. */
export async function backgroundTurn(): Promise<void> {
  await nextTurn();
  await foregroundIdle();
}

/**
 * eventLoopSlices as one checkpoint for a loop of background work: awaited once per item, it yields
 * a turn when the slice is spent (and waits while foreground work runs: inForeground) and costs a
 * clock read otherwise.
 */
export function sliceCheckpoint(sliceMs = fanOutSliceMs): () => Promise<void> | undefined {
  const slices = eventLoopSlices({ sliceMs, yieldToLoop: backgroundTurn });
  return () => (slices.spent() ? slices.next() : undefined);
}

/**
 * The log line of work a start runs once the server listens instead of before (the route schemas
 * built on first use, a module's background start): bench/server-start.mjs prints the total of
 * every such line beside the restart's figure, so work moved off the clock stays in sight.
 */
export const startWorkAfterListen = 'start work after listen';

export function logStartWorkAfterListen(
  log: { info(fields: object, msg: string): void },
  what: string,
  cpuMs: number,
  detail: Record<string, unknown> = {},
): void {
  log.info({ what, cpuMs: Math.round(cpuMs * 10) / 10, ...detail }, startWorkAfterListen);
}
