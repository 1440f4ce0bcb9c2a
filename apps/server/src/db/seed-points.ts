import type { Transaction } from 'kysely';
import type { Database } from './schema.ts';

/**
 * The goods a fresh points shop starts with (contract points.ts). They are demo goods: marked
 * `demo`, drawn as plain SVG pictures that say 演示商品, and an operator replaces them (or sets
 * `active` 0) before a public deployment ships anything.
 */
export const demoGoods = [
  {
    name: '知财定制笔记本',
    description: 'A5 硬壳笔记本，内页印有 K 线坐标格，记录每一笔交易思路',
    image: '/demo/points/notebook.svg',
    price: 300,
    stock: 200,
    per_user_limit: 2,
  },
  {
    name: '知财保温杯',
    description: '304 不锈钢真空保温杯 450ml，盯盘也要多喝热水',
    image: '/demo/points/thermos.svg',
    price: 800,
    stock: 100,
    per_user_limit: 1,
  },
  {
    name: '投资书籍《财报的真相》',
    description: '从三张表读懂一家公司：资产负债表、利润表、现金流量表',
    image: '/demo/points/book.svg',
    price: 600,
    stock: 50,
    per_user_limit: 1,
  },
  {
    name: '知财晴雨伞',
    description: '三折自动晴雨伞，防晒涂层',
    image: '/demo/points/umbrella.svg',
    price: 500,
    stock: 80,
    per_user_limit: 1,
  },
  {
    name: '行情鼠标垫',
    description: '加厚锁边鼠标垫，印有 A 股交易时间表',
    image: '/demo/points/mousepad.svg',
    price: 150,
    stock: 300,
    per_user_limit: 3,
  },
  {
    name: '知财金属书签',
    description: '黄铜镂空书签，新人做完任务即可兑换',
    image: '/demo/points/bookmark.svg',
    price: 60,
    stock: 500,
    per_user_limit: 1,
  },
] as const;

export async function seedPoints(trx: Transaction<Database>, now: Date): Promise<string[]> {
  const count = await trx
    .selectFrom('point_goods')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  if (Number(count.n) > 0) return [];
  await trx
    .insertInto('point_goods')
    .values(
      demoGoods.map((good, index) => ({
        ...good,
        position: index + 1,
        active: 1,
        demo: 1,
        created_at: now.toISOString(),
      })),
    )
    .execute();
  return ['point_goods'];
}
