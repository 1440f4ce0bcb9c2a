import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

/**
 * Demo membership goods and the 新人券 rule, written only into empty tables so an operator's
 * catalogue survives restarts. Prices are fen. The levels' benefits are the product's promise
 * copy; what each level unlocks in the app is decided by the features that read vipType.
 */
const vipBenefits = [
  { title: '财报速览无限次', description: '全部 A 股、港股财报流向图随时看' },
  { title: '高级选股条件', description: '选股器全部财务与技术条件' },
  { title: '价格提醒不限条数', description: '自选股异动实时推送' },
  { title: '研报全文', description: '机构研报与公告原文阅读' },
  { title: '会员专属客服', description: '工作日 9:00–18:00 优先响应' },
];

const demoGoods = [
  { id: 1, name: '月度会员', days: 30, price: 2800, original_price: 3800, tag: null, recommended: 0 },
  { id: 2, name: '季度会员', days: 90, price: 6800, original_price: 11400, tag: '热销', recommended: 0 },
  { id: 3, name: '年度会员', days: 365, price: 19800, original_price: 45600, tag: '最划算', recommended: 1 },
];

export async function seedMember(db: Kysely<Database>): Promise<string[]> {
  const seeded: string[] = [];
  await db.transaction().execute(async (trx) => {
    const goods = await trx
      .selectFrom('member_goods')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    if (Number(goods.n) === 0) {
      await trx
        .insertInto('member_goods')
        .values(
          demoGoods.map((good, index) => ({
            ...good,
            vip_type: 1,
            benefits: JSON.stringify(vipBenefits),
            sort_order: index + 1,
            on_sale: 1,
          })),
        )
        .execute();
      seeded.push('member_goods');
    }
    const rules = await trx
      .selectFrom('member_coupon_rules')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    if (Number(rules.n) === 0) {
      await trx
        .insertInto('member_coupon_rules')
        .values({
          key: 'newcomer',
          name: '新人专享券',
          trigger: 'first-visit',
          amount: 1000,
          min_amount: 2800,
          good_ids: null,
          valid_days: 7,
          active: 1,
        })
        .execute();
      seeded.push('member_coupon_rules');
    }
  });
  return seeded;
}
