import { ApiError } from '../../platform/request/api-error.ts';
import { toast } from '../../ui/toast/toast.ts';

/** The message of a failed call: the server's own (Chinese, from the catalogue) or a fallback. */
export function errorText(error: unknown, fallback: string): string {
  return error instanceof Error && error.message ? error.message : fallback;
}

/**
 * Tells the user a write failed, unless the request wrapper already did (a notice for 037, such as
 * the 30-group limit, or the move to login).
 */
export function reportFailure(error: unknown, fallback: string): void {
  if (error instanceof ApiError && error.handled) return;
  toast.error(errorText(error, fallback));
}
