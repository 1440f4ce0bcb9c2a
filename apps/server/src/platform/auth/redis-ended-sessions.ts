import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { openRedisPubSub } from '../redis-pub-sub.ts';
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
  log: Pick<FastifyBaseLogger, 'warn'>;
  /** Channel name, so several deployments may share one Redis. */
  channel?: string;
  instanceId?: string;
}

const endedMessage = z.object({ sessionIds: z.array(z.string().max(64)).max(1000) });

export interface RedisEndedSessions extends EndedSessions {
  readonly kind: 'redis';
  /** Resolves once the subscription is in place (an end published before is missed). */
  ready(): Promise<void>;
}

export function createRedisEndedSessions(options: RedisEndedSessionsOptions): RedisEndedSessions {
  const { log } = options;
  const listeners: ((sessionIds: readonly string[]) => void)[] = [];
  const channel = openRedisPubSub({
    url: options.url,
    channel: options.channel ?? 'zhicai:ended-sessions',
    connectionName: 'zhicai-sessions',
    schema: endedMessage,
    onMessage: ({ sessionIds }) => {
      for (const listener of listeners) listener(sessionIds);
    },
    log,
    ...(options.instanceId ? { instanceId: options.instanceId } : {}),
  });

  return {
    kind: 'redis',
    ready: channel.ready,
    hearsAll: channel.subscribed,
    onEnded(listener) {
      listeners.push(listener);
    },
    async publish(sessionIds) {
      if (sessionIds.length === 0) return;
      try {
        await channel.publish({ sessionIds: [...sessionIds] });
      } catch (error) {
        log.warn(
          { error: error instanceof Error ? error.message : String(error), sessions: sessionIds.length },
          'ended sessions: Redis unreachable; other instances refuse these tokens within the trust window',
        );
      }
    },
    close: channel.close,
  };
}
