import type { FastifyBaseLogger } from 'fastify';
import { type EndedSessions, inProcessEndedSessions } from './ended-sessions.ts';

// The choice lives apart from ended-sessions.ts, as open-user-sockets.ts does for the user sockets,
// so the Redis implementation can use the interface without an import cycle.

export interface EndedSessionsOptions {
  /** REDIS_URL; unset means in-process. */
  redisUrl: string | undefined;
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>;
}

/** This instance's ended-session bus: nothing alone, Redis pub/sub when REDIS_URL is set. */
export async function openEndedSessions(options: EndedSessionsOptions): Promise<EndedSessions> {
  if (!options.redisUrl) return inProcessEndedSessions();
  // ioredis loads only when Redis is configured, as for the tick bus (tick-bus.ts).
  const { createRedisEndedSessions } = await import('./redis-ended-sessions.ts');
  return createRedisEndedSessions({ url: options.redisUrl, log: options.log });
}
