import { api } from '@zhicai/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { demoAbout, demoReleases } from '../../db/seed-about.ts';
import { call } from '../../test/call.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { compareVersionsNewestFirst } from './about.service.ts';

let context: TestContext;
beforeEach(async () => {
  context = await createTestApp();
});
afterEach(async () => {
  await context.close();
});

describe('GET /api/v2/about/info', () => {
  it('answers the seeded about text, with the contacts the demo has and null for the rest', async () => {
    const { datas } = await call(context, api.about.info);
    expect(datas).toEqual({
      description: demoAbout.description,
      email: 'service@zhicai.example',
      hotline: null,
      serviceHours: null,
      icp: null,
      disclaimer: demoAbout.disclaimer,
    });
    expect(datas.disclaimer).toContain('投资有风险');
  });

  it('answers what the operator changed', async () => {
    await context.database.db
      .updateTable('about_info')
      .set({ hotline: '400-820-0000', service_hours: '交易日 9:00–18:00', icp: '沪ICP备00000000号' })
      .execute();
    const { datas } = await call(context, api.about.info);
    expect(datas).toMatchObject({
      hotline: '400-820-0000',
      serviceHours: '交易日 9:00–18:00',
      icp: '沪ICP备00000000号',
    });
  });

  it('keeps a second about row out of the table', async () => {
    await expect(
      context.database.db
        .insertInto('about_info')
        .values({ id: 2, ...demoAbout, updated_at: new Date().toISOString() })
        .execute(),
    ).rejects.toThrow();
  });
});

describe('GET /api/v2/about/releases', () => {
  it('lists every release, newest version first, with its notes in order', async () => {
    const { datas } = await call(context, api.about.releases);
    expect(datas.map((release) => release.version)).toEqual(['1.3.0', '1.2.0', '1.1.0', '1.0.0']);
    expect(datas[0]).toEqual({
      version: '1.3.0',
      releasedOn: '2026-11-25',
      title: '更稳更安全',
      notes: [...(demoReleases.at(-1)?.notes ?? [])],
    });
  });

  it('orders by version number, not by text: 1.10.0 is newer than 1.9.0', async () => {
    await context.database.db
      .insertInto('app_releases')
      .values([
        { version: '1.9.0', released_on: '2026-12-01', title: '九', notes_json: '["a"]' },
        { version: '1.10.0', released_on: '2026-12-08', title: '十', notes_json: '["b"]' },
      ])
      .execute();
    const { datas } = await call(context, api.about.releases);
    expect(datas.slice(0, 3).map((release) => release.version)).toEqual(['1.10.0', '1.9.0', '1.3.0']);
  });
});

describe('compareVersionsNewestFirst', () => {
  it.each([
    ['1.10.0', '1.9.0', -1],
    ['2.0.0', '1.99.99', -1],
    ['1.0.1', '1.0.0', -1],
    ['1.0.0', '1.0.1', 1],
    ['1.2.3', '1.2.3', 0],
  ])('%s against %s sorts %i', (a, b, sign) => {
    expect(Math.sign(compareVersionsNewestFirst(a, b))).toBe(sign);
  });
});
