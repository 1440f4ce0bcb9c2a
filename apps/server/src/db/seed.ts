import { href, pathOf } from '@zhicai/contract';
import type { Kysely } from 'kysely';
import type { Database } from './schema.ts';
import { seedAbout } from './seed-about.ts';
import { seedPoints } from './seed-points.ts';

/**
 * Demo content for a fresh database: the home menu, one activity popup, the client configuration
 * values and the demo account. Each table is filled only when it is empty, so operators' edits survive
 * restarts and a second start adds nothing.
 */
const demoMenus = [
  ['行业板块', 'industry', href('industry'), null],
  ['自选股', 'favorite', href('favorite'), null],
  ['选股器', 'stock-picker', href('stock-picker'), '热'],
  ['7×24快讯', 'news', href('SevenEleven'), null],
  ['研报公告', 'research', href('researchAndNotice'), null],
  [
    '财报速览',
    'report',
    href('financialReportPreview', { stock: '600519_SH', reportPeriod: '20240630' }),
    '新',
  ],
  ['排行榜', 'rank', href('rankList'), null],
  ['投资课堂', 'course', href('CourseList'), null],
  ['基金对比', 'fund-compare', href('fundCompare'), null],
  ['积分商城', 'points', href('userIntegralData'), null],
] as const;

const demoConfig: Record<string, unknown> = {
  // No anniversary campaign is running in the demo: stage 0 means "not started".
  oneYearOperationStage: { stage: 0 },
  topContent: { text: '欢迎使用知财：行情、选股、财报，一站看懂', url: href('about') },
  miniProgramAudit: false,
};

/**
 * The demo account, so a fresh install can be tried without an SMS gateway or WeChat:
 * open the app with `?testToken=zhicai-demo` (spec 1 §4 test-token login) to be signed in as
 * 知财体验用户, whose phone is 13800138000. Only seeded into empty tables; delete the test_tokens
 * row to close this door on a public deployment.
 */
export const DEMO_USER = { nickname: '知财体验用户', phone: '13800138000' } as const;
export const DEMO_TEST_TOKEN = 'zhicai-demo';

export async function seedDemoContent(db: Kysely<Database>, now: Date): Promise<string[]> {
  const seeded: string[] = [];
  await db.transaction().execute(async (trx) => {
    const menuCount = await trx
      .selectFrom('app_menu')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    if (Number(menuCount.n) === 0) {
      await trx
        .insertInto('app_menu')
        .values(
          demoMenus.map(([title, slug, url, badge], index) => ({
            id: index + 1,
            title,
            icon: `/demo/menu/${slug}.svg`,
            url,
            badge,
            sort_order: index + 1,
            enabled: 1,
          })),
        )
        .execute();
      seeded.push('app_menu');
    }

    const popupCount = await trx
      .selectFrom('activity_popup')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    if (Number(popupCount.n) === 0) {
      await trx
        .insertInto('activity_popup')
        .values({
          id: 1,
          page: pathOf('home'),
          activity_img: '/demo/popup/new-user.svg',
          url: href('newUserParty'),
          starts_at: '2020-01-01T00:00:00.000Z',
          ends_at: '2099-12-31T23:59:59.999Z',
          enabled: 1,
        })
        .execute();
      seeded.push('activity_popup');
    }

    const existingKeys = new Set(
      (await trx.selectFrom('app_config').select('key').execute()).map((row) => row.key),
    );
    const missing = Object.entries(demoConfig).filter(([key]) => !existingKeys.has(key));
    if (missing.length > 0) {
      await trx
        .insertInto('app_config')
        .values(
          missing.map(([key, value]) => ({
            key,
            value_json: JSON.stringify(value),
            updated_at: now.toISOString(),
          })),
        )
        .execute();
      seeded.push('app_config');
    }

    const userCount = await trx
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    if (Number(userCount.n) === 0) {
      const demoUser = await trx
        .insertInto('users')
        .values({
          ...DEMO_USER,
          wechat_openid: null,
          partner_user_key: null,
          ab_test_batch_no: null,
          created_at: now.toISOString(),
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      seeded.push('users');
      const tokenCount = await trx
        .selectFrom('test_tokens')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      if (Number(tokenCount.n) === 0) {
        await trx
          .insertInto('test_tokens')
          .values({ token: DEMO_TEST_TOKEN, user_id: demoUser.id, created_at: now.toISOString() })
          .execute();
        seeded.push('test_tokens');
      }
    }

    seeded.push(...(await seedAbout(trx, now)));
    seeded.push(...(await seedPoints(trx, now)));
  });
  return seeded;
}
