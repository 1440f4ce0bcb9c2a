import type { RateLimitClass } from '@zhicai/contract';
import { createRateLimiter, type RateLimit, type RateLimiter } from './rate-limiter.ts';

export interface ClassRule {
  /** Counted per client IP: a script cannot escape it by minting users. */
  perIp: RateLimit;
  /** Counted per signed-in user as well, when the call has one. */
  perUser?: RateLimit;
}

const minute = 60_000;

/**
 * The numbers behind the contract's rate-limit classes (contract endpoint.ts). Carrier NAT puts many
 * phones behind one IP, so per-IP limits leave headroom over what one person does; per-user limits
 * are what one person may do.
 */
export type RateLimitRules = Readonly<Record<RateLimitClass, ClassRule>>;

export const rateLimitRules: RateLimitRules = {
  // A person logs in a few times a day; a NAT'd office a few dozen times an hour. Each call may
  // create a user and a session row, so a script must not be able to call it hundreds of times.
  session: { perIp: { limit: 30, windowMs: 10 * minute, message: '登录过于频繁，请稍后再试' } },
  // A person browsing fast opens a page every second or two; an error loop reports far faster.
  pageView: {
    perIp: { limit: 600, windowMs: minute, message: '访问过于频繁，请稍后再试' },
    perUser: { limit: 300, windowMs: minute, message: '访问过于频繁，请稍后再试' },
  },
  errorReport: {
    perIp: { limit: 120, windowMs: minute, message: '错误上报过于频繁' },
    perUser: { limit: 60, windowMs: minute, message: '错误上报过于频繁' },
  },
  event: {
    perIp: { limit: 240, windowMs: minute, message: '操作过于频繁，请稍后再试' },
    perUser: { limit: 120, windowMs: minute, message: '操作过于频繁，请稍后再试' },
  },
  // A person writes a comment in half a minute at best; ten a minute is a flood, not a discussion.
  userText: {
    perIp: { limit: 60, windowMs: minute, message: '发言过于频繁，请稍后再试' },
    perUser: { limit: 10, windowMs: minute, message: '发言过于频繁，请稍后再试' },
  },
};

export interface RateLimits {
  /** Counts one call of a class for its IP; throws -002 over the limit. */
  takeForIp(rateClass: RateLimitClass, ip: string): void;
  /** Counts one call of a class for a signed-in user; throws -002 over the limit. */
  takeForUser(rateClass: RateLimitClass, userId: number): void;
}

export function createRateLimits(clock: () => Date, rules: RateLimitRules = rateLimitRules): RateLimits {
  const perIp = new Map<RateLimitClass, RateLimiter>();
  const perUser = new Map<RateLimitClass, RateLimiter>();
  for (const [rateClass, rule] of Object.entries(rules) as [RateLimitClass, ClassRule][]) {
    perIp.set(rateClass, createRateLimiter(rule.perIp, clock));
    if (rule.perUser) perUser.set(rateClass, createRateLimiter(rule.perUser, clock));
  }
  return {
    takeForIp(rateClass, ip) {
      perIp.get(rateClass)?.take(ip);
    },
    takeForUser(rateClass, userId) {
      perUser.get(rateClass)?.take(String(userId));
    },
  };
}
