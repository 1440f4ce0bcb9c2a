import { api, type ServerMessage } from '@zhicai/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RedisUserSockets } from '../../market/redis-user-sockets.ts';
import { call } from '../../test/call.ts';
import { loginByPhone } from '../../test/login.ts';
import { FRIDAY_SESSION } from '../../test/market-session.ts';
import { openQuoteSocket } from '../../test/quote-socket-client.ts';
import { startRedisServer, type TestRedisServer } from '../../test/redis-server.ts';
import { createTestApp, type TestContext, type TestInstance } from '../../test/test-app.ts';

// Issue 16 item 4 across instances: with REDIS_URL, two apps on one database and one Redis; a
// user's message judged on app A reaches the user's sockets on app B too, once, and nobody else's.
const MOUTAI = '600519.SH';
let now = FRIDAY_SESSION;
let redis: TestRedisServer;
let context: TestContext;
let second: TestInstance;
let alice = { token: '', id: 0 };
let bob = { token: '', id: 0 };

beforeAll(async () => {
  redis = await startRedisServer();
  context = await createTestApp({ market: true, marketClock: () => new Date(now), redisUrl: redis.url });
  second = await context.secondInstance();
  await Promise.all([context.app.ready(), second.app.ready()]);
  // A message published before an instance subscribed would be missed by it.
  for (const app of [context.app, second.app]) await (app.userSockets as RedisUserSockets).ready();
  const [a, b] = [await loginByPhone(context, '13800138201'), await loginByPhone(context, '13800138202')];
  alice = { token: a.token, id: a.user.id };
  bob = { token: b.token, id: b.user.id };
}, 180_000);

afterAll(async () => {
  await context?.close();
  await redis?.stop();
});

/** A socket on `app` signed in with `token`. */
async function signedInSocket(app: TestInstance['app'], token: string) {
  const socket = await openQuoteSocket(app);
  socket.socket.send(JSON.stringify({ type: 'auth', token }));
  expect(await socket.nextOf('auth')).toEqual({ type: 'auth', signedIn: true });
  return socket;
}

/** Everything a socket receives up to the pong of a ping sent now. */
async function drain(socket: Awaited<ReturnType<typeof signedInSocket>>): Promise<ServerMessage[]> {
  socket.socket.send(JSON.stringify({ type: 'ping', id: 'drain' }));
  const seen: ServerMessage[] = [];
  for (;;) {
    const next = await socket.next();
    if (next.type === 'pong') return seen;
    seen.push(next);
  }
}

describe('user messages across instances (REDIS_URL)', () => {
  it('runs the Redis user sockets on both instances', () => {
    expect([context.app.userSockets.kind, second.app.userSockets.kind]).toEqual(['redis', 'redis']);
  });

  it('brings an alert judged on app A to the user’s socket on app B, once, and to nobody else', async () => {
    const onA = await signedInSocket(context.app, alice.token);
    const onB = await signedInSocket(second.app, alice.token);
    const bobOnB = await signedInSocket(second.app, bob.token);

    // Lines a tick either side of the price: one of them fires within a few beats of app A's engine.
    const { datas } = await call(
      context,
      api.alert.pushInfo,
      { query: { code: MOUTAI } },
      { token: alice.token },
    );
    const price = datas.quote.price ?? 0;
    const alerts = [
      {
        kind: 'priceBelow' as const,
        value: Math.round((price - 0.01) * 100) / 100,
        frequency: 'once' as const,
      },
      {
        kind: 'priceAbove' as const,
        value: Math.round((price + 0.01) * 100) / 100,
        frequency: 'once' as const,
      },
    ];
    await call(
      context,
      api.alert.batchAdd,
      { query: { code: MOUTAI }, body: { alerts } },
      { token: alice.token },
    );
    for (let beat = 0; beat < 200; beat += 1) {
      now += 3000;
      await context.market.engine.beat();
      await context.app.alertDelivery.idle();
      const box = await call(context, api.alert.messageList, {}, { token: alice.token });
      if (box.datas.total > 0) break;
    }

    const firstOnA = await onA.nextOf('alert');
    const firstOnB = await onB.nextOf('alert');
    expect(firstOnB).toEqual(firstOnA);
    expect(firstOnB.message).toMatchObject({
      category: 'alert',
      code: MOUTAI,
      path: '/stock?stockCode=600519.SH',
    });
    // Each stored message reached each of Alice's sockets exactly once.
    const alertIds = (first: ServerMessage, rest: readonly ServerMessage[]) =>
      [first, ...rest].flatMap((message) => (message.type === 'alert' ? [message.message.id] : [])).sort();
    const stored = (await call(context, api.alert.messageList, {}, { token: alice.token })).datas.list
      .map((message) => message.id)
      .sort();
    expect(alertIds(firstOnA, await drain(onA))).toEqual(stored);
    expect(alertIds(firstOnB, await drain(onB))).toEqual(stored);
    expect((await drain(bobOnB)).map((message) => message.type)).not.toContain('alert');
    for (const socket of [onA, onB, bobOnB]) socket.socket.terminate();
  }, 120_000);

  it('brings a comment-unread count delivered on app A to the user’s socket on app B', async () => {
    const onB = await signedInSocket(second.app, alice.token);
    const bobOnB = await signedInSocket(second.app, bob.token);
    expect(await context.app.userSockets.deliver(alice.id, { type: 'commentUnread', unread: 3 })).toBe(0);
    expect(await onB.nextOf('commentUnread')).toEqual({ type: 'commentUnread', unread: 3 });
    expect((await drain(bobOnB)).map((message) => message.type)).not.toContain('commentUnread');
    for (const socket of [onB, bobOnB]) socket.socket.terminate();
  }, 60_000);
});
