import { api, type Quote, type ServerMessage } from '@zhicai/contract';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../test/call.ts';
import { openQuoteSocket } from '../test/quote-socket-client.ts';
import { freeLoopbackPort, startRedisServer, type TestRedisServer } from '../test/redis-server.ts';
import { createTestApp, type TestContext, type TestInstance } from '../test/test-app.ts';
import { createRedisTickBus, type RedisTickBus, type RedisTickBusOptions } from './redis-tick-bus.ts';
import { createTickBus } from './tick-bus.ts';

// Issue 4: with REDIS_URL, two instances on one database serve the same live data. Friday
// 2026-11-20, 10:30 in Shanghai: both markets are mid-session.
const SESSION = Date.parse('2026-11-20T02:30:00Z');
let marketNow = SESSION;
let redis: TestRedisServer;
let context: TestContext;
let second: TestInstance;
let counter: Redis;
/** Messages seen on the tick channel, per seq: exactly one each means one publish per tick. */
const published = new Map<number, number>();
const logLines: { msg: string; level: number }[] = [];
const log = pino({ level: 'info' }, { write: (line: string) => logLines.push(JSON.parse(line)) });
const buses: RedisTickBus[] = [];

type Tick = Extract<ServerMessage, { type: 'tick' }>;

function bus(
  engine: TestInstance['market']['engine'],
  options: Partial<RedisTickBusOptions> = {},
): RedisTickBus {
  const created = createRedisTickBus({ url: redis.url, engine, log, ...options });
  buses.push(created);
  return created;
}

async function until(condition: () => boolean, what: string, timeoutMs = 5000): Promise<void> {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** A websocket client subscribed to codes, past its hello and first snapshot. */
async function client(app: FastifyInstance, codes: string[]) {
  const quotes = await openQuoteSocket(app);
  expect((await quotes.next()).type).toBe('hello');
  quotes.socket.send(JSON.stringify({ type: 'subscribe', codes }));
  const snapshot = await quotes.nextOf('snapshot');
  return {
    socket: quotes.socket,
    snapshot,
    nextTick: () => quotes.nextOf('tick'),
    nextSnapshot: () => quotes.nextOf('snapshot'),
    skip: quotes.skip,
  };
}

beforeAll(async () => {
  // The demo market is generated once; the second instance opens the same database as it stands.
  [redis, context] = await Promise.all([
    startRedisServer(),
    createTestApp({ market: true, marketClock: () => new Date(marketNow) }),
  ]);
  second = await context.secondInstance();
  await Promise.all([context.app.ready(), second.app.ready()]);
  counter = new Redis(redis.url);
  counter.on('message', (_channel: string, text: string) => {
    const { seq } = JSON.parse(text) as { seq: number };
    published.set(seq, (published.get(seq) ?? 0) + 1);
  });
  await counter.subscribe('zhicai:ticks');
}, 120_000);

afterAll(async () => {
  for (const each of buses) await each.close();
  counter?.disconnect();
  await context?.close();
  await redis?.stop();
});

describe('the Redis tick bus', () => {
  it('gives clients of both instances the same ticks, each published once', async () => {
    // A long beat: the test drives each step itself after the first one on connecting.
    const leader = bus(context.market.engine, { beatMs: 60_000 });
    leader.start();
    await until(() => leader.role() === 'leader', 'the first instance to lead');
    const follower = bus(second.market.engine, { beatMs: 60_000 });
    follower.start();
    await until(() => follower.role() === 'follower', 'the second instance to follow');
    expect(logLines.some((line) => line.msg.includes('tick bus: leading'))).toBe(true);

    const codes = ['600519.SH', '000001.SH', '00700.HK'];
    const onLeader = await client(context.app, codes);
    const onFollower = await client(second.app, codes);
    // Before its first tick the follower already counts from the shared sequence.
    expect(onFollower.snapshot.seq).toBe(onLeader.snapshot.seq);
    expect(onFollower.snapshot.seq).toBeGreaterThan(0);

    for (let beat = 1; beat <= 3; beat += 1) {
      marketNow += 60_000;
      await follower.step(); // a follower's beat produces nothing
      await leader.step();
      const [a, b] = await Promise.all([onLeader.nextTick(), onFollower.nextTick()]);
      expect(b).toEqual(a);
      expect(a.seq).toBe(onLeader.snapshot.seq + beat);
      expect(a.rows.map((row) => row[0]).sort()).toEqual([...codes].sort());
    }
    await until(() => published.has(onLeader.snapshot.seq + 3), 'the counting subscriber');
    for (let seq = onLeader.snapshot.seq + 1; seq <= onLeader.snapshot.seq + 3; seq += 1) {
      expect(published.get(seq)).toBe(1);
    }

    // Snapshots on the follower reflect the applied ticks: the same quotes by GET, POST and socket.
    const query = { codes: codes.join(',') };
    const fromLeader = (await call(context, api.market.realTime, { query })).datas;
    const fromFollower = (await call(second, api.market.realTime, { query })).datas;
    expect(fromFollower).toEqual(fromLeader);
    expect(fromFollower[0]?.status).toBe('trading');
    const posted = await call(second, api.market.realTimePost, { body: { codes } });
    expect(posted.datas).toEqual(fromLeader);
    // Every quote agrees but for the stamp of those a tick leaves out (unchanged, e.g. suspended).
    const unstamped = (quotes: readonly Quote[]) => quotes.map(({ time: _time, ...rest }) => rest);
    expect(unstamped(second.market.engine.allQuotes())).toEqual(unstamped(context.market.engine.allQuotes()));
    onFollower.socket.send(JSON.stringify({ type: 'snapshot' }));
    onLeader.socket.send(JSON.stringify({ type: 'snapshot' }));
    const [leaderSnapshot, followerSnapshot] = await Promise.all([
      onLeader.nextSnapshot(),
      onFollower.nextSnapshot(),
    ]);
    expect(followerSnapshot).toEqual(leaderSnapshot);
    expect(followerSnapshot.seq).toBe(onLeader.snapshot.seq + 3);
    onLeader.socket.terminate();
    onFollower.socket.terminate();
    await leader.close();
    await follower.close();
  }, 20_000);

  it('hands leadership over when the leader dies or stops, the sequence running on', async () => {
    const timing = { beatMs: 100, leaseMs: 1000 };
    const first = bus(context.market.engine, timing);
    first.start();
    await until(() => first.role() === 'leader', 'the first instance to lead');
    const other = bus(second.market.engine, timing);
    other.start();
    await until(() => other.role() === 'follower', 'the second instance to follow');

    const onSecond = await client(second.app, ['600519.SH']);
    const seen: number[] = [onSecond.snapshot.seq];
    const collect = async (client: { nextTick(): Promise<Tick> }, count: number) => {
      for (let i = 0; i < count; i += 1) seen.push((await client.nextTick()).seq);
    };
    await collect(onSecond, 3);

    // The leader dies without a word: its lease runs out and the follower takes over.
    const died = Date.now();
    await first.close({ releaseLease: false });
    await until(() => other.role() === 'leader', 'the follower to take over');
    expect(Date.now() - died).toBeGreaterThanOrEqual(500);
    await collect(onSecond, 3);
    expect(seen).toEqual(seen.map((_, index) => (seen[0] ?? 0) + index));

    // The first instance comes back as a follower; the leader stops cleanly and hands over at once.
    const back = bus(context.market.engine, timing);
    back.start();
    await until(() => back.role() === 'follower', 'the restarted instance to follow');
    const onFirst = await client(context.app, ['600519.SH']);
    const stopped = Date.now();
    await other.close();
    await until(() => back.role() === 'leader', 'the restarted instance to take over');
    expect(Date.now() - stopped).toBeLessThan(timing.leaseMs);
    const ticks: number[] = [onFirst.snapshot.seq];
    for (let i = 0; i < 3; i += 1) ticks.push((await onFirst.nextTick()).seq);
    expect(ticks).toEqual(ticks.map((_, index) => (ticks[0] ?? 0) + index));
    expect(ticks[0]).toBeGreaterThanOrEqual(seen.at(-1) ?? 0);
    onSecond.socket.terminate();
    onFirst.socket.terminate();
    await back.close();

    // One message per seq on the channel, whoever published it.
    await until(() => published.has(ticks.at(-1) ?? 0), 'the counting subscriber');
    expect([...published.values()].every((count) => count === 1)).toBe(true);
  }, 20_000);

  it('serves in-process while Redis is unreachable, joins it when it comes and survives its loss', async () => {
    const port = await freeLoopbackPort();
    const lone = createRedisTickBus({
      url: `redis://127.0.0.1:${port}`,
      engine: context.market.engine,
      log,
      beatMs: 100,
    });
    buses.push(lone);
    lone.start();
    await until(() => lone.role() === 'degraded', 'the degraded mode');
    expect(logLines.some((line) => line.level === 40 && line.msg.includes('Redis unreachable'))).toBe(true);

    const watcher = await client(context.app, ['600519.SH']);
    const seqs: number[] = [watcher.snapshot.seq];
    const collect = async (count: number) => {
      for (let i = 0; i < count; i += 1) seqs.push((await watcher.nextTick()).seq);
    };
    await collect(2);
    const realTime = await call(context, api.market.realTime, { query: { codes: '600519.SH' } });
    expect(realTime.code).toBe('000');

    // Redis appears: the instance joins (and, alone, leads) without its clients' sequence going back.
    const late = await startRedisServer({ port });
    try {
      await until(() => lone.role() === 'leader', 'the instance to join Redis', 10_000);
      await collect(3);
      // Redis goes away mid-run: the instance keeps ticking in-process.
      await late.stop();
      await until(() => lone.role() === 'degraded', 'the degraded mode again');
      await collect(3);
    } finally {
      await lone.close();
      await late.stop();
    }
    expect(seqs).toEqual(seqs.map((_, index) => (seqs[0] ?? 0) + index));
    watcher.socket.terminate();
  }, 30_000);
});

describe('createTickBus', () => {
  it('stays in-process without REDIS_URL and loads the Redis bus only with it', async () => {
    const engine = context.market.engine;
    expect((await createTickBus({ engine, redisUrl: undefined, log })).kind).toBe('in-process');
    const shared = await createTickBus({ engine, redisUrl: redis.url, log });
    expect(shared.kind).toBe('redis');
    await shared.close();
  });
});
