import type { EnvironmentKind } from '../environment.ts';

/** The body of api.telemetry.errorReport (contract telemetry.ts). */
export interface ErrorReport {
  device: string;
  service: string;
  container: 'miniWechat' | 'app' | 'wechat' | 'browser';
  env: string;
  pathName: string;
  isWhite: boolean;
  errorMsg: string;
}

/** spec 1 §8 "uncaught global error": the container names the report uses. */
export function containerOf(kind: EnvironmentKind): ErrorReport['container'] {
  switch (kind) {
    case 'app':
      return 'app';
    case 'miniProgram':
      return 'miniWechat';
    case 'wechat':
      return 'wechat';
    case 'browser':
      return 'browser';
  }
}

/** The same message is reported at most once per minute, so an error in a loop cannot flood. */
export const sameMessageIntervalMs = 60_000;
/** Distinct messages remembered for the throttle; the oldest is forgotten first. */
const rememberedMessages = 200;

// The contract's length limits, so a long stack never makes the report itself invalid.
const limits = { device: 256, service: 64, env: 32, pathName: 512, errorMsg: 8000 } as const;

/**
 * spec 1 §8 isWhite: "page rendered blank". The root counts as blank when it holds no text and no
 * image-like element, which is what the user sees as a white screen (a crashed render leaves the
 * root empty).
 */
export function isBlank(root: Element | null): boolean {
  if (!root) return true;
  if ((root.textContent ?? '').trim() !== '') return false;
  return root.querySelector('img, svg, canvas, video, iframe, picture') === null;
}

function describe(value: unknown): string {
  if (value instanceof Error) {
    const head = `${value.name}: ${value.message}`;
    return value.stack?.includes(value.message) ? value.stack : `${head}\n${value.stack ?? ''}`.trim();
  }
  if (typeof value === 'string') return value;
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

/** The report text of a window error: message, place, and the stack when there is one. */
export function errorEventMessage(
  event: Pick<ErrorEvent, 'message' | 'filename' | 'lineno' | 'colno' | 'error'>,
): string {
  const place = event.filename ? ` (${event.filename}:${event.lineno}:${event.colno})` : '';
  const stack = event.error instanceof Error && event.error.stack ? `\n${event.error.stack}` : '';
  return `${event.message || describe(event.error)}${place}${stack}`;
}

export function rejectionMessage(reason: unknown): string {
  return `Unhandled rejection: ${describe(reason)}`;
}

export interface ErrorReporterOptions {
  send: (report: ErrorReport) => Promise<unknown>;
  /** Where the page runs, read when an error happens. */
  context: () => { kind: EnvironmentKind; env: string; service: string };
  root?: () => Element | null;
  now?: () => number;
}

/**
 * Reports uncaught errors and unhandled promise rejections to the server (spec 1 §8; issue 3 item
 * 8). It never throws and never lets its own failure become another reported error: the send is
 * caught, and a failure inside the handler is swallowed. Returns the uninstall function.
 */
export function installErrorReporter(win: Window, options: ErrorReporterOptions): () => void {
  const now = options.now ?? Date.now;
  const root = options.root ?? (() => win.document.getElementById('root'));
  const lastSent = new Map<string, number>();

  function report(errorMsg: string) {
    try {
      // Throttled by the first line: the same error from different stacks is still one error.
      const key = errorMsg.split('\n', 1)[0] ?? errorMsg;
      const previous = lastSent.get(key);
      if (previous !== undefined && now() - previous < sameMessageIntervalMs) return;
      lastSent.delete(key);
      lastSent.set(key, now());
      if (lastSent.size > rememberedMessages) {
        const oldest = lastSent.keys().next().value;
        if (oldest !== undefined) lastSent.delete(oldest);
      }
      const { kind, env, service } = options.context();
      const body: ErrorReport = {
        device: win.navigator.userAgent.slice(0, limits.device),
        service: service.slice(0, limits.service),
        container: containerOf(kind),
        env: env.slice(0, limits.env),
        pathName: win.location.pathname.slice(0, limits.pathName),
        isWhite: isBlank(root()),
        errorMsg: errorMsg.slice(0, limits.errorMsg),
      };
      options.send(body).catch(() => undefined);
    } catch {
      // Reporting is best effort; an error here must not become a new uncaught error.
    }
  }

  const onError = (event: ErrorEvent) => report(errorEventMessage(event));
  const onRejection = (event: PromiseRejectionEvent) => report(rejectionMessage(event.reason));
  win.addEventListener('error', onError);
  win.addEventListener('unhandledrejection', onRejection);
  return () => {
    win.removeEventListener('error', onError);
    win.removeEventListener('unhandledrejection', onRejection);
  };
}
