import type { Kysely } from 'kysely';
import type { Database, UsersTable } from '../../db/schema.ts';

export type UserRow = Pick<
  UsersTable,
  'nickname' | 'phone' | 'wechat_openid' | 'partner_user_key' | 'ab_test_batch_no' | 'created_at'
> & { id: number; avatar: string; vip_type: number; vip_expires_at: string | null; disabled: number };

type Identity = 'phone' | 'wechat_openid' | 'partner_user_key';

const userColumns = [
  'id',
  'nickname',
  'avatar',
  'phone',
  'wechat_openid',
  'partner_user_key',
  'vip_type',
  'vip_expires_at',
  'ab_test_batch_no',
  'disabled',
  'created_at',
] as const;

export function createUserRepository(db: Kysely<Database>) {
  return {
    findById(id: number): Promise<UserRow | undefined> {
      return db.selectFrom('users').select(userColumns).where('id', '=', id).executeTakeFirst();
    },

    findBy(identity: Identity, value: string): Promise<UserRow | undefined> {
      return db.selectFrom('users').select(userColumns).where(identity, '=', value).executeTakeFirst();
    },

    create(user: {
      nickname: string;
      avatar: string;
      phone: string | null;
      wechatOpenid: string | null;
      partnerUserKey: string | null;
      createdAt: string;
    }): Promise<UserRow> {
      return db
        .insertInto('users')
        .values({
          nickname: user.nickname,
          avatar: user.avatar,
          phone: user.phone,
          wechat_openid: user.wechatOpenid,
          partner_user_key: user.partnerUserKey,
          ab_test_batch_no: null,
          created_at: user.createdAt,
        })
        .returning(userColumns)
        .executeTakeFirstOrThrow();
    },

    async update(id: number, changes: { nickname?: string; avatar?: string; phone?: string }): Promise<void> {
      if (Object.keys(changes).length === 0) return;
      await db.updateTable('users').set(changes).where('id', '=', id).execute();
    },

    /** Writes back 0 for a membership whose end has passed, so the column reads as the level in force. */
    async demoteExpiredVip(id: number, now: string): Promise<void> {
      await db
        .updateTable('users')
        .set({ vip_type: 0 })
        .where('id', '=', id)
        .where('vip_type', '>', 0)
        .where('vip_expires_at', 'is not', null)
        .where('vip_expires_at', '<=', now)
        .execute();
    },

    async findTestTokenUser(token: string): Promise<number | undefined> {
      const row = await db
        .selectFrom('test_tokens')
        .select('user_id')
        .where('token', '=', token)
        .executeTakeFirst();
      return row?.user_id;
    },
  };
}

export type UserRepository = ReturnType<typeof createUserRepository>;
