import { Codes } from '@zhicai/contract';
import type { FastifyInstance } from 'fastify';
import { AppError } from './app-error.ts';

/**
 * Refuses request text holding U+0000. PostgreSQL text cannot store it, so a page view, event or
 * nickname carrying one failed with a 5xx there (found by the contract fuzz), while SQLite stored
 * it; no client has a reason to send one. Checked before validation, on the query, the path
 * parameters and the JSON body, however deep.
 */
export function installTextGuard(app: FastifyInstance): void {
  app.addHook('preValidation', (request, _reply, done) => {
    const refused = holdsNul(request.query) || holdsNul(request.params) || holdsNul(request.body);
    done(refused ? new AppError(Codes.invalidParams, '请求参数含有不允许的字符', 400) : undefined);
  });
}

/** JSON nests at most this deep in practice; deeper input is looked at no further. */
const MAX_DEPTH = 64;

function holdsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return false;
  if (Array.isArray(value)) return value.some((item) => holdsNul(item, depth + 1));
  for (const [key, item] of Object.entries(value)) {
    if (key.includes('\u0000') || holdsNul(item, depth + 1)) return true;
  }
  return false;
}
