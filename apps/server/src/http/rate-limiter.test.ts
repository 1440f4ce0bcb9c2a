import { describe, expect, it } from 'vitest';
import { AppError } from './app-error.ts';
import { createRateLimiter } from './rate-limiter.ts';

describe('rate limiter', () => {
  const rule = { limit: 3, windowMs: 60_000, message: '过于频繁' };

  it('allows the limit per key, refuses the next with -002, and forgives after the window', () => {
    let now = Date.parse('2026-11-20T02:00:00Z');
    const limiter = createRateLimiter(rule, () => new Date(now));
    for (let index = 0; index < 3; index += 1) limiter.take('1.2.3.4');
    const refused = (() => {
      try {
        limiter.take('1.2.3.4');
      } catch (error) {
        return error;
      }
      return null;
    })();
    expect(refused).toBeInstanceOf(AppError);
    expect(refused).toMatchObject({ code: '-002', message: '过于频繁' });
    // Another key has its own allowance.
    expect(() => limiter.take('5.6.7.8')).not.toThrow();
    now += 60_000;
    expect(() => limiter.take('1.2.3.4')).not.toThrow();
  });
});
