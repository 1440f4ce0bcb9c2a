import { Codes } from '@zhicai/contract';
import { AppError } from './app-error.ts';

/**
 * A fixed-window request counter per key (an IP or a user), for endpoints any visitor can write
 * to without a session (spec 1 §7: page views, client error reports). A crash loop on one phone
 * or a script must not fill the tables, so traffic over the limit is refused with -002, which the
 * client shows as a notice (spec 1 §8) — the telemetry callers swallow it.
 *
 * Counts live in this process: with several instances each one allows the limit, which is enough
 * to bound the writes; the SMS limits, which protect money and accounts, are kept in the database.
 */
export interface RateLimit {
  /** Requests allowed per key within one window. */
  limit: number;
  windowMs: number;
  /** The Chinese notice sent with -002. */
  message: string;
}

export interface RateLimiter {
  /** Counts one request for the key, or throws -002 when the key is over its limit. */
  take(key: string): void;
}

export function createRateLimiter(rule: RateLimit, clock: () => Date): RateLimiter {
  let windowStart = 0;
  // Replaced wholesale when a window ends, so memory is bounded by the keys seen in one window.
  let counts = new Map<string, number>();
  return {
    take(key) {
      const now = clock().getTime();
      if (now - windowStart >= rule.windowMs) {
        windowStart = now;
        counts = new Map();
      }
      const used = counts.get(key) ?? 0;
      if (used >= rule.limit) throw new AppError(Codes.rateLimited, rule.message);
      counts.set(key, used + 1);
    },
  };
}
