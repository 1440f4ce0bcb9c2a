import { currentEnvironment } from '../environment.ts';
import { request } from '../request/request.ts';
import { type ErrorReport, installErrorReporter } from './error-reporter.ts';

/** The service name the server files web-client reports under. */
const service = 'zhicai-web';

async function sendReport(report: ErrorReport): Promise<void> {
  // Offline the report cannot arrive, and request() would show the offline toast for it.
  if (!navigator.onLine) return;
  await request('telemetry.errorReport', report);
}

let uninstall: (() => void) | undefined;

/**
 * Installs the global error reporter once per page (call it first thing at startup). `env` is the
 * build mode Vite stamps in (production for the served bundle); it is only reported, never used to
 * switch behaviour.
 */
export function installGlobalErrorReporter(): () => void {
  uninstall ??= installErrorReporter(window, {
    send: sendReport,
    context: () => ({ kind: currentEnvironment().kind, env: import.meta.env.MODE, service }),
  });
  return uninstall;
}
