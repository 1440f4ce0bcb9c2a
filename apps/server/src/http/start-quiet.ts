import type { Server } from 'node:http';

/**
 * When a just-started server has answered the requests that came first: the first moment after
 * listening that no request has been in flight for `quietMs`, or `maxWaitMs` after listening at the
 * latest (a steady stream of requests cannot hold it off for ever).
 *
 * The start's warm-up (the quote engine building every quote, app.ts) waits for it (issue 15 item
 * 8: a restart answers within 1 s): its synchronous steps take tens of milliseconds each, and a
 * request arriving right after listening waited behind several of them, one per turn of the event
 * loop it needed (connection, data, answer). Nothing needs the warm-up to have run: a quote is
 * built when it is first asked for, and a list builds the ones it needs.
 */
export interface StartQuietOptions {
  /** How long no request may be in flight before the start counts as quiet. */
  quietMs?: number;
  /** The longest the wait lasts, from the call. */
  maxWaitMs?: number;
  /** Milliseconds since an arbitrary origin (performance.now). */
  now?: () => number;
}

export interface StartQuiet {
  /** Milliseconds from the call until the start was quiet. */
  waitedMs: number;
  /** Requests the server received meanwhile. */
  requests: number;
  /** Whether it ended by maxWaitMs with requests still coming. */
  timedOut: boolean;
}

/** 250 ms: a client that read the ready line (or reconnects) asks well within it; idle otherwise. */
export const startQuietMs = 250;
/** About one tick (3 s): the beat builds every quote anyway. */
export const startQuietMaxWaitMs = 3_000;

/** Watches `server`'s requests from now on; stops watching once quiet. */
export function whenStartQuiet(server: Server, options: StartQuietOptions = {}): Promise<StartQuiet> {
  const { quietMs = startQuietMs, maxWaitMs = startQuietMaxWaitMs, now = () => performance.now() } = options;
  const startedAt = now();
  let inFlight = 0;
  let requests = 0;
  let quietTimer: NodeJS.Timeout | undefined;
  return new Promise((resolve) => {
    const finish = (timedOut: boolean) => {
      clearTimeout(quietTimer);
      clearTimeout(maxTimer);
      // Every later request runs without this listener.
      server.removeListener('request', onRequest);
      resolve({ waitedMs: Math.round(now() - startedAt), requests, timedOut });
    };
    const waitQuiet = () => {
      clearTimeout(quietTimer);
      quietTimer = setTimeout(() => finish(false), quietMs);
      // The listening server keeps the process alive; a closed one is not held open by the wait.
      quietTimer.unref();
    };
    const onAnswered = () => {
      inFlight -= 1;
      if (inFlight === 0) waitQuiet();
    };
    function onRequest(_request: unknown, response: { once(event: 'close', listener: () => void): unknown }) {
      requests += 1;
      inFlight += 1;
      clearTimeout(quietTimer);
      // 'close' also comes for a request whose client went away before its answer.
      response.once('close', onAnswered);
    }
    const maxTimer = setTimeout(() => finish(true), maxWaitMs);
    maxTimer.unref();
    server.on('request', onRequest);
    waitQuiet();
  });
}
