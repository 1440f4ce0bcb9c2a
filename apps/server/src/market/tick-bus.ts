import type { QuoteEngine } from './quote-engine.ts';
import type { TickBus, TickBusLog } from './tick-bus-types.ts';

/** A lone instance's bus: the engine's own timer beats and its listeners fan out. */
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

/** The tick bus of this instance: in-process alone, shared through Redis when REDIS_URL is set. */
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
