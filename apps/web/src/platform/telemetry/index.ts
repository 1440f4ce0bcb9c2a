export { installGlobalErrorReporter } from './app-error-reporter.ts';
export { type ErrorReport, installErrorReporter, isBlank, sameMessageIntervalMs } from './error-reporter.ts';
