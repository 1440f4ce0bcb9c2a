import { api } from '@zhicai/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { call } from '../../test/call.ts';
import { loginByPhone } from '../../test/login.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { shanghaiDate } from './points.service.ts';

let context: TestContext;
// 2026-03-02 07:30 in Asia/Shanghai, still 2026-03-01 in UTC.
const now = Date.parse('2026-03-01T23:30:00Z');
beforeEach(async () => {
  context = await createTestApp({ clock: () => new Date(now) });
});
afterEach(async () => {
  await context.close();
});

function hasSign(token?: string) {
  return call(context, api.points.hasSign, {}, token ? { token } : {});
}

describe('GET /api/v2/pointShop/hasSign', () => {
  it('answers false for a user without a check-in today and true once there is one', async () => {
    const login = await loginByPhone(context, '13800138001');
    expect(await hasSign(login.token)).toMatchObject({ code: '000', message: '成功', datas: false });
    // Yesterday's check-in does not count.
    await context.database.db
      .insertInto('check_ins')
      .values({ user_id: login.user.id, date: '2026-03-01', created_at: '2026-03-01T01:00:00Z' })
      .execute();
    expect((await hasSign(login.token)).datas).toBe(false);
    await context.database.db
      .insertInto('check_ins')
      .values({ user_id: login.user.id, date: '2026-03-02', created_at: new Date(now).toISOString() })
      .execute();
    expect((await hasSign(login.token)).datas).toBe(true);
  });

  it('answers false for a visitor', async () => {
    expect(await hasSign()).toMatchObject({ code: '000', message: '成功', datas: false });
  });

  it('counts days in Asia/Shanghai', () => {
    expect(shanghaiDate(new Date(now))).toBe('2026-03-02');
  });
});
