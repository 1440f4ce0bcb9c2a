import { serverMessage } from '@zhicai/contract';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { openRedisPubSub } from '../platform/redis-pub-sub.ts';
import { createUserSockets, type UserSockets } from './user-sockets.ts';

/**
 * A user's messages across instances by Redis pub/sub (issue 16 item 3 of this round): a fired alert
 * or a comment-unread count judged on one instance reaches the user's sockets on every instance.
 *
 * The instance that delivers sends to its own sockets at once, as alone, then publishes the message
 * once with its instance id; every other instance hands what arrives to its own sockets (the same
 * per-socket check that the socket is still signed in as that user applies there). Each message is
 * published once, by the instance whose delivery claimed it in the database, so no socket gets it
 * twice. Redis unreachable never stops a delivery: this instance's sockets still get it, the others
 * miss it, and the loss is logged.
 */
export interface RedisUserSocketsOptions {
  /** REDIS_URL (redis:// or rediss://). */
  url: string;
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>;
  /** Channel name, so several deployments may share one Redis. */
  prefix?: string;
  instanceId?: string;
}

const published = z.object({
  userId: z.number().int().positive(),
  message: serverMessage,
});

export interface RedisUserSockets extends UserSockets {
  readonly kind: 'redis';
  /** Resolves once the subscription is in place (tests: a message published before is missed). */
  ready(): Promise<void>;
}

export function createRedisUserSockets(options: RedisUserSocketsOptions): RedisUserSockets {
  const { log } = options;
  const local = createUserSockets();
  const channel = openRedisPubSub({
    url: options.url,
    channel: options.prefix ?? 'zhicai:user-messages',
    connectionName: 'zhicai-users',
    schema: published,
    onMessage: ({ userId, message }) => void local.deliver(userId, message),
    log,
    ...(options.instanceId ? { instanceId: options.instanceId } : {}),
  });

  return {
    kind: 'redis',
    attach: local.attach,
    count: local.count,
    ready: channel.ready,
    async deliver(userId, message) {
      const delivered = await local.deliver(userId, message);
      try {
        await channel.publish({ userId, message });
      } catch (error) {
        log.warn(
          { error: error instanceof Error ? error.message : String(error), userId, type: message.type },
          'user sockets: Redis unreachable; the message reached this instance’s sockets only',
        );
      }
      return delivered;
    },
    close: channel.close,
  };
}
