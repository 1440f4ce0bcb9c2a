import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/test-app.ts';

let context: TestContext;
beforeEach(async () => {
  context = await createTestApp();
});
afterEach(async () => {
  await context.close();
});

describe('GET /api/v2/config/get', () => {
  it.each([
    ['topContent', { text: '欢迎使用知财：行情、选股、财报，一站看懂', url: '/about' }],
    ['miniProgramAudit', false],
    ['oneYearOperationStage', { stage: 0 }],
  ])('answers the stored value of %s', async (key, value) => {
    const response = await context.app.inject({ method: 'GET', url: '/api/v2/config/get', query: { key } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ code: '000', message: '成功', datas: value });
  });

  it('answers null for a known key that operators have not set', async () => {
    await context.database.db.deleteFrom('app_config').where('key', '=', 'topContent').execute();
    const response = await context.app.inject({ method: 'GET', url: '/api/v2/config/get?key=topContent' });
    expect(response.json()).toEqual({ code: '000', message: '成功', datas: null });
  });

  it('refuses an unknown key with code 400 and a Chinese message naming the field', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/api/v2/config/get?key=password' });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.code).toBe('400');
    expect(body.message).toContain('查询参数 key 无效');
    expect(body.datas).toBeNull();
  });

  it('refuses a request without the key', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/api/v2/config/get' });
    expect(response.json()).toMatchObject({ code: '400', datas: null });
    expect(response.json().message).toContain('key');
  });
});

describe('GET /api/v2/config/getAppMenus', () => {
  it('lists the enabled menus in their configured order', async () => {
    const response = await context.app.inject({ method: 'GET', url: '/api/v2/config/getAppMenus' });
    const { code, datas } = response.json();
    expect(code).toBe('000');
    expect(datas).toHaveLength(10);
    expect(datas[0]).toEqual({
      id: 1,
      title: '行业板块',
      icon: '/demo/menu/industry.svg',
      url: '/industry',
      badge: null,
    });
    expect(datas.map((menu: { title: string }) => menu.title).slice(0, 3)).toEqual([
      '行业板块',
      '自选股',
      '选股器',
    ]);
  });

  it('leaves out a menu that operators disabled and follows a changed order', async () => {
    await context.database.db
      .updateTable('app_menu')
      .set({ enabled: 0 })
      .where('title', '=', '自选股')
      .execute();
    await context.database.db
      .updateTable('app_menu')
      .set({ sort_order: 0 })
      .where('title', '=', '排行榜')
      .execute();
    const { datas } = (await context.app.inject({ method: 'GET', url: '/api/v2/config/getAppMenus' })).json();
    const titles = datas.map((menu: { title: string }) => menu.title);
    expect(titles).not.toContain('自选股');
    expect(titles[0]).toBe('排行榜');
  });
});

describe('GET /api/v2/system/apiOuth', () => {
  it('answers an 80-character alphanumeric token of ten 8-character chunks', async () => {
    const { code, datas } = (
      await context.app.inject({ method: 'GET', url: '/api/v2/system/apiOuth' })
    ).json();
    expect(code).toBe('000');
    expect(datas).toMatch(/^[A-Za-z0-9]{80}$/);
  });

  it('keeps the same token in the database across a restart', async () => {
    const first = (await context.app.inject({ method: 'GET', url: '/api/v2/system/apiOuth' })).json().datas;
    const restarted = await context.restart();
    const second = (await restarted.inject({ method: 'GET', url: '/api/v2/system/apiOuth' })).json().datas;
    expect(second).toBe(first);
    const stored = await context.database.db.selectFrom('api_lock_token').select('token').execute();
    expect(stored).toEqual([{ token: first }]);
  });
});
