import type { Transaction } from 'kysely';
import type { Database } from './schema.ts';

/**
 * The about text and release notes a fresh database starts with (contract about.ts). The contacts
 * are the demo deployment's: an address on a reserved example domain and no hotline or ICP filing,
 * which an operator fills in for a public deployment (the page leaves out what is null).
 */
export const demoAbout = {
  description:
    '知财是一款面向个人投资者的证券信息应用：沪深港股、指数、ETF 与基金行情，自选与价格提醒，选股与基金筛选，' +
    '以及用流向图讲清楚的上市公司财报。',
  email: 'service@zhicai.example',
  hotline: null,
  service_hours: null,
  icp: null,
  disclaimer:
    '本应用提供的行情、资讯与数据仅供参考，不构成任何投资建议。投资有风险，入市需谨慎。' +
    '演示环境中的行情与财务数据为程序生成，与真实市场无关。',
} as const;

/** What each release brought, as the project's history records it (git log of main). */
export const demoReleases = [
  {
    version: '1.0.0',
    released_on: '2026-11-21',
    title: '知财上线',
    notes: ['六个标签页与页面缓存', '手机号验证码登录、微信登录', '网络断开提示与错误上报'],
  },
  {
    version: '1.1.0',
    released_on: '2026-11-22',
    title: '行情与详情',
    notes: [
      '沪深、港股、指数、ETF 与基金行情，交易时段实时刷新',
      '个股、港股、指数、基金、ETF 详情页，分时与日/周/月 K 线',
      '搜索、排行榜、行业板块与沪深港通资金',
      '活动弹窗与积分签到提示',
    ],
  },
  {
    version: '1.2.0',
    released_on: '2026-11-22',
    title: '财报速览',
    notes: [
      '利润表、现金流量表、资产负债表流向图',
      '横屏全屏查看与双指缩放',
      '一键生成分享图片',
      '财报原文 PDF 阅读',
    ],
  },
  {
    version: '1.3.0',
    released_on: '2026-11-25',
    title: '更稳更安全',
    notes: ['登录与访问频率保护', '实时行情连接更稳定', '新增关于我们与版本信息'],
  },
] as const;

async function isEmpty(trx: Transaction<Database>, table: 'about_info' | 'app_releases'): Promise<boolean> {
  const row = await trx
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n) === 0;
}

/** Fills the about tables when they are empty (inside the seed's transaction); returns what it filled. */
export async function seedAbout(trx: Transaction<Database>, now: Date): Promise<string[]> {
  const seeded: string[] = [];
  if (await isEmpty(trx, 'about_info')) {
    await trx
      .insertInto('about_info')
      .values({ id: 1, ...demoAbout, updated_at: now.toISOString() })
      .execute();
    seeded.push('about_info');
  }
  if (await isEmpty(trx, 'app_releases')) {
    await trx
      .insertInto('app_releases')
      .values(
        demoReleases.map(({ notes, ...release }) => ({ ...release, notes_json: JSON.stringify(notes) })),
      )
      .execute();
    seeded.push('app_releases');
  }
  return seeded;
}
