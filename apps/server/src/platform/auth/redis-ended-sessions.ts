import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import { z } from 'zod';
import type { EndedSessions } from './ended-sessions.ts';

/**
 * Ended sessions across instances by Redis pub/sub: the instance that ends a session publishes its
 * id once the row is ended, and every other instance drops its token from the trusted cache as the
 * message arrives, so a sign-out on one instance is refused on all of them at once rather than
 * within SESSION_TRUST_MS.
 *
 * An instance may miss a message only while its subscription is down; it then trusts no token
 * without reading its row (hearsAll), so a missed end is never trusted for longer than a request.
 * A publish that fails is logged: the other instances then see the end within SESSION_TRUST_MS,
 * as without Redis.
 */
export interface RedisEndedSessionsOptions {
  /** REDIS_URL (redis:// or rediss://). */
  url: string;
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>;
  /** Channel name, so several deployments may share one Redis. */
  channel?: string;
  instanceId?: string;
}

const published = z.object({
  from: z.string(),
  sessionIds: z.array(z.string().max(64)).max(1000),
});

export interface RedisEndedSessions extends EndedSessions {
  readonly kind: 'redis';
  /** Resolves once the subscription is in place (an end published before is missed). */
  ready(): Promise<void>;
}

export function createRedisEndedSessions(options: RedisEndedSessionsOptions): RedisEndedSessions {
  const { log } = options;
  const channel = options.channel ?? 'zhicai:ended-sessions';
  const instanceId = options.instanceId ?? randomUUID();
  // As the tick bus and the user sockets: commands fail at once while disconnected, and the
  // connection retries for ever.
  const connectionOptions = {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    connectTimeout: 2000,
    commandTimeout: 2000,
    retryStrategy: (attempt: number) => Math.min(attempt * 200, 2000),
  };
  const publisher = new Redis(options.url, {
    ...connectionOptions,
    connectionName: `zhicai-sessions-${instanceId}`,
  });
  const subscriber = new Redis(options.url, {
    ...connectionOptions,
    connectionName: `zhicai-sessions-sub-${instanceId}`,
  });
  let lastError: string | undefined;
  const remember = (error: unknown) => {
    lastError = error instanceof Error ? error.message : String(error);
  };
  publisher.on('error', remember);
  subscriber.on('error', remember);

  /** True from the moment the channel is subscribed until the subscriber's connection drops. */
  let subscribed = false;
  subscriber.on('close', () => {
    subscribed = false;
  });
  const subscribe = () =>
    subscriber.subscribe(channel).then(() => {
      subscribed = true;
    }, remember);
  // ioredis resubscribes by itself after a reconnect; subscribing again on each `ready` is what
  // tells this instance its subscription is back (and is harmless if already subscribed).
  const first = new Promise<void>((resolve) => {
    subscriber.once('ready', () => void subscribe().then(resolve));
  });
  subscriber.on('ready', () => {
    if (!subscribed) void subscribe();
  });

  const listeners: ((sessionIds: readonly string[]) => void)[] = [];
  subscriber.on('message', (from: string, text: string) => {
    if (from !== channel) return;
    const parsed = parse(text);
    if (!parsed) {
      log.warn({ channel }, 'ended sessions: ignored a malformed message');
      return;
    }
    if (parsed.from === instanceId) return;
    for (const listener of listeners) listener(parsed.sessionIds);
  });

  return {
    kind: 'redis',
    ready: () => first,
    hearsAll: () => subscribed,
    onEnded(listener) {
      listeners.push(listener);
    },
    async publish(sessionIds) {
      if (sessionIds.length === 0) return;
      try {
        await publisher.publish(channel, JSON.stringify({ from: instanceId, sessionIds }));
      } catch (error) {
        remember(error);
        log.warn(
          { error: lastError, sessions: sessionIds.length },
          'ended sessions: Redis unreachable; other instances refuse these tokens within the trust window',
        );
      }
    },
    async close() {
      subscribed = false;
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
