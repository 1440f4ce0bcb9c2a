import { randomUUID } from 'node:crypto';
import { serverMessage } from '@zhicai/contract';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import { z } from 'zod';
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
  from: z.string(),
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
  const channel = options.prefix ?? 'zhicai:user-messages';
  const instanceId = options.instanceId ?? randomUUID();
  const local = createUserSockets();
  // As the tick bus: commands fail at once while disconnected, and the connection retries for ever.
  const connectionOptions = {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    connectTimeout: 2000,
    commandTimeout: 2000,
    retryStrategy: (attempt: number) => Math.min(attempt * 200, 2000),
  };
  const publisher = new Redis(options.url, {
    ...connectionOptions,
    connectionName: `zhicai-users-${instanceId}`,
  });
  // The subscriber resubscribes by itself after a reconnect (ioredis autoResubscribe).
  const subscriber = new Redis(options.url, {
    ...connectionOptions,
    connectionName: `zhicai-users-sub-${instanceId}`,
  });
  let lastError: string | undefined;
  const remember = (error: unknown) => {
    lastError = error instanceof Error ? error.message : String(error);
  };
  publisher.on('error', remember);
  subscriber.on('error', remember);
  // Subscribed once at the first connection; ioredis subscribes again after every reconnect.
  const subscribed = new Promise<void>((resolve) => {
    subscriber.once('ready', () => {
      subscriber.subscribe(channel).then(() => resolve(), remember);
    });
  });
  subscriber.on('message', (from: string, text: string) => {
    if (from !== channel) return;
    const parsed = parse(text);
    if (!parsed) {
      log.warn({ channel }, 'user sockets: ignored a malformed message');
      return;
    }
    if (parsed.from === instanceId) return;
    void local.deliver(parsed.userId, parsed.message);
  });

  return {
    kind: 'redis',
    attach: local.attach,
    count: local.count,
    ready: () => subscribed,
    async deliver(userId, message) {
      const delivered = await local.deliver(userId, message);
      try {
        await publisher.publish(channel, JSON.stringify({ from: instanceId, userId, message }));
      } catch (error) {
        remember(error);
        log.warn(
          { error: lastError, userId, type: message.type },
          'user sockets: Redis unreachable; the message reached this instance’s sockets only',
        );
      }
      return delivered;
    },
    async close() {
      await Promise.all(
        [publisher, subscriber].map((connection) =>
          connection.status === 'ready'
            ? connection.quit().then(
                () => undefined,
                () => connection.disconnect(),
              )
            : connection.disconnect(),
        ),
      );
    },
  };
}

function parse(text: string): z.infer<typeof published> | undefined {
  try {
    const parsed = published.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}
