import { api } from '@zhicai/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, callSettled } from '../../test/call.ts';
import { loginByPhone } from '../../test/login.ts';
import { startRedisServer, type TestRedisServer } from '../../test/redis-server.ts';
import { createTestApp, type TestContext, type TestInstance } from '../../test/test-app.ts';
import type { RedisEndedSessions } from './redis-ended-sessions.ts';

// Sessions across instances: with REDIS_URL, two apps on one database and one Redis. A token each
// app has checked (and so trusts for SESSION_TRUST_MS) is refused on both at once when one of
// them ends its session, not after the trust window.
let redis: TestRedisServer;
let context: TestContext;
let second: TestInstance;
let now = Date.parse('2026-03-02T02:00:00Z');

beforeAll(async () => {
  redis = await startRedisServer();
  context = await createTestApp({ clock: () => new Date(now), redisUrl: redis.url });
  second = await context.secondInstance();
  await Promise.all([context.app.ready(), second.app.ready()]);
  // An end published before an instance subscribed would be missed by it.
  for (const app of [context.app, second.app]) await (app.endedSessions as RedisEndedSessions).ready();
}, 180_000);

afterAll(async () => {
  await context?.close();
  await redis?.stop();
});

type App = TestInstance['app'];

async function userinfoCode(app: App, token: string): Promise<string> {
  return (await callSettled({ app }, api.user.userinfo, {}, { token })).code;
}

/**
 * Resolves with the next sessions `app` hears were ended elsewhere. The session service listens
 * first, so by then it has dropped their tokens. Bounded well inside the 3 s trust window: an end
 * that only the window would bring fails here.
 */
function nextEndHeardBy(app: App): Promise<readonly string[]> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no ended session heard within 1.5 s')), 1500);
    app.endedSessions.onEnded((sessionIds) => {
      clearTimeout(timer);
      resolve(sessionIds);
    });
  });
}

describe('ended sessions across instances (REDIS_URL)', () => {
  it('runs the Redis ended-session bus on both instances', () => {
    expect([context.app.endedSessions.kind, second.app.endedSessions.kind]).toEqual(['redis', 'redis']);
  });

  it('refuses a token on app B at once after its sign-out on app A, and keeps the other device', async () => {
    const phone = await loginByPhone(context, '13900002221', { requestFrom: 'android' });
    now += 61_000;
    const desktop = await loginByPhone(context, '13900002221', { requestFrom: 'other' });
    // Checked, and so trusted, on both instances before the sign-out.
    for (const app of [context.app, second.app]) {
      expect(await userinfoCode(app, phone.token)).toBe('000');
      expect(await userinfoCode(app, desktop.token)).toBe('000');
    }
    const heard = nextEndHeardBy(second.app);
    await call(context, api.user.logout, { body: {} }, { token: phone.token });
    expect(await heard).toHaveLength(1);
    expect(await userinfoCode(second.app, phone.token)).toBe('036');
    expect(await userinfoCode(context.app, phone.token)).toBe('036');
    expect(await userinfoCode(second.app, desktop.token)).toBe('000');
  });

  it('refuses on app A at once a token whose session a sixth login on app B ended', async () => {
    const first = await loginByPhone(context, '13900002222', { requestFrom: 'android' });
    expect(await userinfoCode(context.app, first.token)).toBe('000');
    for (const requestFrom of ['wechat', 'other', 'ios', 'android']) {
      now += 61_000;
      await loginByPhone({ ...context, app: second.app }, '13900002222', { requestFrom });
    }
    expect(await userinfoCode(context.app, first.token)).toBe('000');
    const heard = nextEndHeardBy(context.app);
    now += 61_000;
    await loginByPhone({ ...context, app: second.app }, '13900002222', { requestFrom: 'ios-ipad' });
    expect(await heard).toHaveLength(1);
    expect(await userinfoCode(context.app, first.token)).toBe('016');
  });

  // Last: it stops the Redis server.
  it('reads the row of every token while Redis cannot be heard, so a missed end is not trusted', async () => {
    const login = await loginByPhone(context, '13900002223');
    expect(await userinfoCode(second.app, login.token)).toBe('000');
    await redis.stop();
    await expect.poll(() => second.app.endedSessions.hearsAll(), { timeout: 10_000 }).toBe(false);
    // Ended with no message to hear (as one published while the subscription was down).
    await context.database.db
      .updateTable('sessions')
      .set({ ended_at: new Date(now).toISOString(), end_reason: 'logout' })
      .where('user_id', '=', login.user.id)
      .execute();
    expect(await userinfoCode(second.app, login.token)).toBe('036');
  });
});
