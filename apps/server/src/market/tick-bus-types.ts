import type { FastifyBaseLogger } from 'fastify';

/**
 * Who produces the engine's ticks and how they reach every instance's websocket hub (issue 4,
 * Server 6). Alone, the engine's own timer beats and its listeners fan out (in-process). With
 * REDIS_URL several instances share the work: one leader beats and publishes each tick once, and
 * every instance applies it (redis-tick-bus.ts).
 *
 * The types live apart from the factory (tick-bus.ts) so that the dependency runs one way: the
 * factory loads the Redis implementation, and both depend on these types only.
 */
export interface TickBus {
  readonly kind: 'in-process' | 'redis';
  /** Starts beating (or following); never throws for an unreachable Redis. */
  start(): void;
  /** Stops beating and closes any connection; a held leadership is handed back at once. */
  close(): Promise<void>;
}

export type TickBusLog = Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
