import { randomUUID } from 'node:crypto';
import { dayNumber, tickRow } from '@zhicai/contract';
import { Redis } from 'ioredis';
import { z } from 'zod';
import { type EngineTick, type QuoteEngine, tickIntervalMs } from './quote-engine.ts';
import type { TickBus, TickBusLog } from './tick-bus-types.ts';

/**
 * Ticks across instances by Redis (issue 4, Server 6: several hosts on one database serve the same
 * live data).
 *
 * Every instance beats on the engine's 3 s cadence. A beat first claims or renews a lease key
 * (SET NX PX, renewed by its holder each beat); the holder is the leader and the only producer: it
 * computes the tick (engine.nextTick) and publishes it once on a channel. Every instance, the
 * leader included, applies what arrives on the channel (engine.applyTick), so the websocket hubs of
 * all instances send the same rows under the same seq. Followers meanwhile only keep their quotes'
 * phases current outside sessions (engine.refresh); only the leader rolls the stored history forward.
 *
 * The sequence lives in Redis too: publishing numbers the tick max(shared + 1, proposed) and stores
 * it, atomically with a check that the publisher still holds the lease, so a deposed leader can
 * never publish and a new leader continues where the old one stopped. If the leader dies, its lease
 * runs out within leaseMs and the next follower to beat takes over.
 *
 * Redis unreachable (at boot or later) never stops the server: the instance beats in-process on its
 * own (degraded, logged) and rejoins when the connection returns, first raising the shared
 * sequence to its own so its clients never see seq go back.
 */

export type TickBusRole = 'starting' | 'leader' | 'follower' | 'degraded';

export interface RedisTickBusOptions {
  /** REDIS_URL (redis:// or rediss://). */
  url: string;
  engine: QuoteEngine;
  log: TickBusLog;
  /** Every instance's beat; the engine's tick interval unless a test asks for faster. */
  beatMs?: number;
  /** How long leadership outlives its holder's last beat; a little over three beats by default. */
  leaseMs?: number;
  /** Prefix of the keys and the channel, so several deployments may share one Redis. */
  prefix?: string;
  instanceId?: string;
}

export interface RedisTickBus extends TickBus {
  readonly kind: 'redis';
  readonly instanceId: string;
  role(): TickBusRole;
  /** One beat, as the timer runs it (tests drive it directly). */
  step(): Promise<void>;
  /**
   * Stops beating and closes both connections. A held lease is released so another instance takes
   * over at its next beat; `releaseLease: false` leaves it to expire, as a crashed process would.
   */
  close(options?: { releaseLease?: boolean }): Promise<void>;
}

// KEYS[1] lease; ARGV[1] instance, ARGV[2] lease ms. 2: newly taken, 1: renewed, 0: held by another.
const claimScript = `
local holder = redis.call('GET', KEYS[1])
if holder == ARGV[1] then
  redis.call('PEXPIRE', KEYS[1], ARGV[2])
  return 1
end
if not holder then
  redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
  return 2
end
return 0`;

// KEYS[1] lease, KEYS[2] seq; ARGV[1] instance, ARGV[2] proposed seq, ARGV[3] channel, ARGV[4] the
// tick's JSON after its opening brace. Returns the seq published under, or -1 without the lease.
const publishScript = `
if redis.call('GET', KEYS[1]) ~= ARGV[1] then return -1 end
local seq = math.max((tonumber(redis.call('GET', KEYS[2])) or 0) + 1, tonumber(ARGV[2]))
redis.call('SET', KEYS[2], string.format('%d', seq))
redis.call('PUBLISH', ARGV[3], '{"seq":' .. string.format('%d', seq) .. ',' .. ARGV[4])
return seq`;

// KEYS[1] seq; ARGV[1] this instance's seq. Raises the shared seq to it and returns the shared one.
const joinScript = `
local shared = tonumber(redis.call('GET', KEYS[1])) or 0
local mine = tonumber(ARGV[1])
if mine > shared then
  redis.call('SET', KEYS[1], string.format('%d', mine))
  return mine
end
return shared`;

// KEYS[1] lease; ARGV[1] instance.
const releaseScript = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0`;

const publishedTick = z.object({
  seq: z.number().int().positive(),
  time: z.number(),
  tradingDay: dayNumber,
  rows: z.array(tickRow),
});

export function createRedisTickBus(options: RedisTickBusOptions): RedisTickBus {
  const { engine, log } = options;
  const beatMs = options.beatMs ?? tickIntervalMs;
  const leaseMs = options.leaseMs ?? Math.round(beatMs * 3.5);
  const prefix = options.prefix ?? 'zhicai:ticks';
  const instanceId = options.instanceId ?? randomUUID();
  const leaseKey = `${prefix}:leader`;
  const seqKey = `${prefix}:seq`;
  const channel = prefix;

  // Commands fail at once while disconnected (no offline queue) so a beat never waits on Redis;
  // the connection itself retries for ever in the background.
  const connectionOptions = {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    autoResubscribe: false,
    connectTimeout: Math.max(1000, beatMs),
    // A Redis that accepts but never answers must not hold a beat (and every later one) for ever.
    commandTimeout: Math.max(1000, beatMs),
    retryStrategy: (attempt: number) => Math.min(attempt * 200, 2000),
  };
  const command = new Redis(options.url, {
    ...connectionOptions,
    connectionName: `zhicai-ticks-${instanceId}`,
  });
  const subscriber = new Redis(options.url, {
    ...connectionOptions,
    connectionName: `zhicai-ticks-sub-${instanceId}`,
  });

  let role: TickBusRole = 'starting';
  let subscribed = false;
  let subscribing: Promise<void> | undefined;
  let closed = false;
  let timer: ReturnType<typeof setInterval> | undefined;
  let stepping: Promise<void> | null = null;
  let lastError: string | undefined;

  const remember = (error: unknown) => {
    lastError = error instanceof Error ? error.message : String(error);
  };
  command.on('error', remember);
  subscriber.on('error', remember);
  subscriber.on('close', () => {
    subscribed = false;
  });
  subscriber.on('ready', () => {
    subscribing = subscriber.subscribe(channel).then(
      () => {
        subscribed = true;
      },
      (error: unknown) => remember(error),
    );
  });
  subscriber.on('message', (from: string, text: string) => {
    if (from !== channel) return;
    const tick = parseTick(text);
    if (!tick) {
      log.warn({ channel }, 'tick bus: ignored a malformed message');
      return;
    }
    engine.applyTick(tick);
  });

  function setRole(next: TickBusRole): void {
    if (next === role) return;
    const previous = role;
    role = next;
    if (next === 'degraded') {
      log.warn(
        { error: lastError, previous },
        'tick bus: Redis unreachable; producing ticks in-process until it returns',
      );
    } else if (next === 'leader') {
      log.info(
        { instance: instanceId, seq: engine.seq() },
        'tick bus: leading (this instance produces ticks)',
      );
    } else if (next === 'follower') {
      log.info({ instance: instanceId, seq: engine.seq() }, 'tick bus: following the leader’s ticks');
    }
  }

  async function beatAlone(): Promise<void> {
    setRole('degraded');
    await engine.beat();
  }

  async function runStep(): Promise<void> {
    if (command.status !== 'ready' || subscriber.status !== 'ready' || !subscribed) {
      await beatAlone();
      return;
    }
    try {
      if (role === 'starting' || role === 'degraded') {
        engine.resumeSeq(Number(await command.eval(joinScript, 1, seqKey, engine.seq())));
      }
      const claim = Number(await command.eval(claimScript, 1, leaseKey, instanceId, leaseMs));
      if (claim === 0) {
        setRole('follower');
        await engine.refresh();
        return;
      }
    } catch (error) {
      remember(error);
      await beatAlone();
      return;
    }
    setRole('leader');
    const tick = await engine.nextTick();
    if (!tick) return;
    let published: number;
    try {
      const { seq: _proposed, ...rest } = tick;
      const body = JSON.stringify(rest).slice(1);
      published = Number(
        await command.eval(publishScript, 2, leaseKey, seqKey, instanceId, tick.seq, channel, body),
      );
    } catch (error) {
      // The quotes are recomputed already: this instance's own clients still get the tick.
      remember(error);
      setRole('degraded');
      engine.applyTick(tick);
      return;
    }
    // Lost the lease between claiming and publishing: the new leader's ticks follow.
    if (published < 0) setRole('follower');
  }

  async function step(): Promise<void> {
    if (closed) return;
    if (stepping) return stepping;
    stepping = runStep()
      .catch((error: unknown) => log.error({ err: error }, 'market tick failed'))
      .finally(() => {
        stepping = null;
      });
    return stepping;
  }

  async function disconnect(connection: Redis): Promise<void> {
    if (connection.status === 'ready') {
      await connection.quit().catch(() => connection.disconnect());
    } else {
      connection.disconnect();
    }
  }

  return {
    kind: 'redis',
    instanceId,
    role: () => role,
    step,
    start() {
      if (timer || closed) return;
      // The first beat waits for the first connection attempt, so a reachable Redis is joined at
      // once and an unreachable one is reported once.
      Promise.allSettled([command.connect(), subscriber.connect()]).then(async () => {
        await subscribing;
        if (closed || timer) return;
        timer = setInterval(() => void step(), beatMs);
        timer.unref?.();
        void step();
      });
    },
    async close({ releaseLease = true } = {}) {
      if (closed) return;
      closed = true;
      if (timer) clearInterval(timer);
      timer = undefined;
      await stepping;
      if (releaseLease && command.status === 'ready') {
        await command.eval(releaseScript, 1, leaseKey, instanceId).catch(remember);
      }
      await Promise.all([disconnect(command), disconnect(subscriber)]);
    },
  };
}

function parseTick(text: string): EngineTick | undefined {
  try {
    const parsed = publishedTick.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}
