import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import { z } from 'zod';

/**
 * One Redis pub/sub channel between the instances of a deployment (users' messages, ended sessions):
 * a publisher and a subscriber connection, messages checked against a schema, and an instance's own
 * messages not handed back to it. As the tick bus: commands fail at once while disconnected (no
 * offline queue), so a caller never waits on Redis, and the connections retry for ever.
 */
export interface RedisPubSubOptions<T> {
  /** REDIS_URL (redis:// or rediss://). */
  url: string;
  channel: string;
  /** Names the connections (CLIENT LIST) with the instance id. */
  connectionName: string;
  /** What a message carries; anything else is ignored and logged. */
  schema: z.ZodType<T>;
  /** Called with each message another instance published. */
  onMessage: (message: T) => void;
  log: Pick<FastifyBaseLogger, 'warn'>;
  instanceId?: string;
}

export interface RedisPubSub<T> {
  /** Publishes to the other instances; rejects when Redis is unreachable. */
  publish(message: T): Promise<void>;
  /** Resolves once the first subscription is in place (a message published before is missed). */
  ready(): Promise<void>;
  /** Whether the subscription is in place now (false while the subscriber is disconnected). */
  subscribed(): boolean;
  /** The last connection error, for logs. */
  lastError(): string | undefined;
  close(): Promise<void>;
}

export function openRedisPubSub<T>(options: RedisPubSubOptions<T>): RedisPubSub<T> {
  const { channel, log } = options;
  const instanceId = options.instanceId ?? randomUUID();
  const envelope = z.object({ from: z.string(), message: options.schema });
  const connectionOptions = {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    connectTimeout: 2000,
    commandTimeout: 2000,
    retryStrategy: (attempt: number) => Math.min(attempt * 200, 2000),
  };
  const publisher = new Redis(options.url, {
    ...connectionOptions,
    connectionName: `${options.connectionName}-${instanceId}`,
  });
  const subscriber = new Redis(options.url, {
    ...connectionOptions,
    connectionName: `${options.connectionName}-sub-${instanceId}`,
  });
  let lastError: string | undefined;
  const remember = (error: unknown) => {
    lastError = error instanceof Error ? error.message : String(error);
  };
  publisher.on('error', remember);
  subscriber.on('error', remember);

  let subscribed = false;
  subscriber.on('close', () => {
    subscribed = false;
  });
  const subscribe = () =>
    subscriber.subscribe(channel).then(() => {
      subscribed = true;
    }, remember);
  // ioredis resubscribes by itself after a reconnect; subscribing again on each `ready` is what
  // tells this instance its subscription is back (and is harmless when already subscribed).
  const first = new Promise<void>((resolve) => {
    subscriber.once('ready', () => void subscribe().then(resolve));
  });
  subscriber.on('ready', () => {
    if (!subscribed) void subscribe();
  });
  subscriber.on('message', (from: string, text: string) => {
    if (from !== channel) return;
    const parsed = parse(envelope, text);
    if (!parsed) {
      log.warn({ channel }, 'redis pub/sub: ignored a malformed message');
      return;
    }
    if (parsed.from !== instanceId) options.onMessage(parsed.message);
  });

  return {
    async publish(message) {
      await publisher.publish(channel, JSON.stringify({ from: instanceId, message }));
    },
    ready: () => first,
    subscribed: () => subscribed,
    lastError: () => lastError,
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

function parse<T>(schema: z.ZodType<T>, text: string): T | undefined {
  try {
    const parsed = schema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}
