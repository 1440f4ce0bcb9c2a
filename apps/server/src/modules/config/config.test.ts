import { api, type ConfigKey } from '@zhicai/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { call, callRefused } from '../../test/call.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';

let context: TestContext;
beforeEach(async () => {
  context = await createTestApp();
});
afterEach(async () => {
  await context.close();
});

describe('GET /api/v2/config/get', () => {
  it.each<[ConfigKey, unknown]>([
    ['topContent', { text: '欢迎使用知财：行情、选股、财报，一站看懂', url: '/about' }],
    ['miniProgramAudit', false],
    ['oneYearOperationStage', { stage: 0 }],
  ])('answers the stored value of %s', async (key, value) => {
    const answer = await call(context, api.config.get, { query: { key } });
    expect(answer).toMatchObject({ status: 200, code: '000', message: '成功' });
    expect(answer.datas).toEqual(value);
  });

  it('answers null for a known key that operators have not set', async () => {
    await context.database.db.deleteFrom('app_config').where('key', '=', 'topContent').execute();
    const answer = await call(context, api.config.get, { query: { key: 'topContent' } });
    expect(answer).toMatchObject({ code: '000', message: '成功', datas: null });
  });

  it('refuses an unknown key with code 400 and a Chinese message naming the field', async () => {
    const refusal = await callRefused(context, api.config.get, { query: { key: 'password' } });
    expect(refusal.status).toBe(400);
    expect(refusal.code).toBe('400');
    expect(refusal.message).toContain('查询参数 key 无效');
    expect(refusal.datas).toBeNull();
  });

  it('refuses a request without the key', async () => {
    const refusal = await callRefused(context, api.config.get);
    expect(refusal).toMatchObject({ code: '400', datas: null });
    expect(refusal.message).toContain('key');
  });
});

describe('GET /api/v2/config/getAppMenus', () => {
  it('lists the enabled menus in their configured order', async () => {
    const { code, datas } = await call(context, api.config.getAppMenus);
    expect(code).toBe('000');
    expect(datas).toHaveLength(10);
    expect(datas[0]).toEqual({
      id: 1,
      title: '行业板块',
      icon: '/demo/menu/industry.svg',
      url: '/industry',
      badge: null,
    });
    expect(datas.map((menu) => menu.title).slice(0, 3)).toEqual(['行业板块', '自选股', '选股器']);
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
    const { datas } = await call(context, api.config.getAppMenus);
    const titles = datas.map((menu) => menu.title);
    expect(titles).not.toContain('自选股');
    expect(titles[0]).toBe('排行榜');
  });
});

describe('GET /api/v2/system/apiOuth', () => {
  it('answers an 80-character alphanumeric token of ten 8-character chunks', async () => {
    const { code, datas } = await call(context, api.config.apiOuth);
    expect(code).toBe('000');
    expect(datas).toMatch(/^[A-Za-z0-9]{80}$/);
  });

  it('keeps the same token in the database across a restart', async () => {
    const first = (await call(context, api.config.apiOuth)).datas;
    const second = (await call({ app: await context.restart() }, api.config.apiOuth)).datas;
    expect(second).toBe(first);
    const stored = await context.database.db.selectFrom('api_lock_token').select('token').execute();
    expect(stored).toEqual([{ token: first }]);
  });
});
