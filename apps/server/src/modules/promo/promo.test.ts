import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/test-app.ts';

let context: TestContext | undefined;
afterEach(async () => {
  await context?.close();
  context = undefined;
});

describe('GET /api/v2/activity/popup', () => {
  it('answers the running activity of the home page', async () => {
    context = await createTestApp();
    const response = await context.app.inject({
      method: 'GET',
      url: '/api/v2/activity/popup',
      query: { page: '/' },
    });
    expect(response.json()).toEqual({
      code: '000',
      message: '成功',
      datas: { id: 1, activityImg: '/demo/popup/new-user.svg', url: '/newUserParty' },
    });
  });

  it('answers null on a tab page without an activity', async () => {
    context = await createTestApp();
    const response = await context.app.inject({ method: 'GET', url: '/api/v2/activity/popup?page=/me' });
    expect(response.json()).toEqual({ code: '000', message: '成功', datas: null });
  });

  it('answers null once the activity has ended', async () => {
    context = await createTestApp({ clock: () => new Date('2100-01-01T00:00:00Z') });
    const response = await context.app.inject({ method: 'GET', url: '/api/v2/activity/popup?page=/' });
    expect(response.json().datas).toBeNull();
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
    const response = await context.app.inject({ method: 'GET', url: '/api/v2/activity/popup?page=/' });
    expect(response.json().datas).toEqual({ id: 2, activityImg: '/demo/a.svg', url: 'https://example.com' });
  });

  it('refuses a page that is not one of the five tab pages', async () => {
    context = await createTestApp();
    const response = await context.app.inject({ method: 'GET', url: '/api/v2/activity/popup?page=/stock' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: '400', datas: null });
    expect(response.json().message).toContain('page');
  });
});
