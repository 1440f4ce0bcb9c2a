import { api } from '@zhicai/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { call, callRefused } from '../../test/call.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';

let context: TestContext | undefined;
afterEach(async () => {
  await context?.close();
  context = undefined;
});

describe('GET /api/v2/activity/popup', () => {
  it('answers the running activity of the home page', async () => {
    context = await createTestApp();
    const answer = await call(context, api.promo.popup, { query: { page: '/' } });
    expect(answer).toMatchObject({ code: '000', message: '成功' });
    expect(answer.datas).toEqual({ id: 1, activityImg: '/demo/popup/new-user.svg', url: '/newUserParty' });
  });

  it('answers null on a tab page without an activity', async () => {
    context = await createTestApp();
    const answer = await call(context, api.promo.popup, { query: { page: '/me' } });
    expect(answer).toMatchObject({ code: '000', message: '成功', datas: null });
  });

  it('answers null once the activity has ended', async () => {
    context = await createTestApp({ clock: () => new Date('2100-01-01T00:00:00Z') });
    expect((await call(context, api.promo.popup, { query: { page: '/' } })).datas).toBeNull();
  });

  it('picks the newest of overlapping activities and skips disabled ones', async () => {
    context = await createTestApp();
    await context.database.db
      .insertInto('activity_popup')
      .values([
        {
          id: 2,
          page: '/',
          activity_img: '/demo/a.svg',
          url: 'https://example.com',
          starts_at: '2021-01-01T00:00:00.000Z',
          ends_at: '2099-01-01T00:00:00.000Z',
          enabled: 1,
        },
        {
          id: 3,
          page: '/',
          activity_img: '/demo/b.svg',
          url: '#',
          starts_at: '2022-01-01T00:00:00.000Z',
          ends_at: '2099-01-01T00:00:00.000Z',
          enabled: 0,
        },
      ])
      .execute();
    const answer = await call(context, api.promo.popup, { query: { page: '/' } });
    expect(answer.datas).toEqual({ id: 2, activityImg: '/demo/a.svg', url: 'https://example.com' });
  });

  it('refuses a page that is not one of the five tab pages', async () => {
    context = await createTestApp();
    const refusal = await callRefused(context, api.promo.popup, { query: { page: '/stock' } });
    expect(refusal).toMatchObject({ status: 400, code: '400', datas: null });
    expect(refusal.message).toContain('page');
  });
});
