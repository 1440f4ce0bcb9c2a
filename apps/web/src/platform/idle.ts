/** Where there is no requestIdleCallback (Safari): run a moment later instead. */
export interface IdleOptions {
  /** The longest wait for an idle moment before the task runs anyway. */
  timeoutMs: number;
  /** Without requestIdleCallback, the task runs this long after it was asked for. */
  fallbackMs: number;
}

/** Runs `task` once the browser is idle (at the latest after `timeoutMs`); returns a cancel. */
export function whenIdle(task: () => void, { timeoutMs, fallbackMs }: IdleOptions): () => void {
  const { requestIdleCallback, cancelIdleCallback } = window;
  if (typeof requestIdleCallback === 'function' && typeof cancelIdleCallback === 'function') {
    const handle = requestIdleCallback(task, { timeout: timeoutMs });
    return () => cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(task, fallbackMs);
  return () => window.clearTimeout(handle);
}
