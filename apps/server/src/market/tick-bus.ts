import type { FastifyBaseLogger } from 'fastify';
import type { QuoteEngine } from './quote-engine.ts';

/**
 * Who produces the engine's ticks and how they reach every instance's websocket hub (issue 4,
 * Server 6). Alone, the engine's own timer beats and its listeners fan out (in-process). With
 * REDIS_URL several instances share the work: one leader beats and publishes each tick once, and
 * every instance applies it (redis-tick-bus.ts).
 */
export interface TickBus {
  readonly kind: 'in-process' | 'redis';
  /** Starts beating (or following); never throws for an unreachable Redis. */
  start(): void;
  /** Stops beating and closes any connection; a held leadership is handed back at once. */
  close(): Promise<void>;
}

export type TickBusLog = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;

export function createInProcessTickBus(engine: QuoteEngine): TickBus {
  return {
    kind: 'in-process',
    start: () => engine.start(),
    async close() {
      engine.stop();
    },
  };
}

export interface TickBusOptions {
  engine: QuoteEngine;
  /** REDIS_URL; unset means in-process. */
  redisUrl: string | undefined;
  log: TickBusLog;
}

export async function createTickBus(options: TickBusOptions): Promise<TickBus> {
  if (!options.redisUrl) return createInProcessTickBus(options.engine);
  // ioredis loads only when Redis is configured: it costs a start ~30 ms otherwise.
  const { createRedisTickBus } = await import('./redis-tick-bus.ts');
  return createRedisTickBus({ url: options.redisUrl, engine: options.engine, log: options.log });
}

/** A Redis URL without its password, for logs. */
export function redactRedisUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'redis://(unparsable)';
  }
}
