import type { FastifyBaseLogger } from 'fastify';
import { createUserSockets, type UserSockets } from './user-sockets.ts';

// The choice lives apart from user-sockets.ts, as tick-bus.ts does for the tick bus, so the Redis
// implementation can build on the in-process one without an import cycle.

export interface UserSocketsOptions {
  /** REDIS_URL; unset means in-process. */
  redisUrl: string | undefined;
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>;
}

/** This instance's user sockets: in-process alone, shared through Redis when REDIS_URL is set. */
export async function openUserSockets(options: UserSocketsOptions): Promise<UserSockets> {
  if (!options.redisUrl) return createUserSockets();
  // ioredis loads only when Redis is configured, as for the tick bus (tick-bus.ts).
  const { createRedisUserSockets } = await import('./redis-user-sockets.ts');
  return createRedisUserSockets({ url: options.redisUrl, log: options.log });
}
