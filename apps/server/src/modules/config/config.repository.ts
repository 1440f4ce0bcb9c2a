import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

export function createConfigRepository(db: Kysely<Database>) {
  return {
    async findValueJson(key: string): Promise<string | undefined> {
      const row = await db
        .selectFrom('app_config')
        .select('value_json')
        .where('key', '=', key)
        .executeTakeFirst();
      return row?.value_json;
    },

    listEnabledMenus() {
      return db
        .selectFrom('app_menu')
        .select(['id', 'title', 'icon', 'url', 'badge'])
        .where('enabled', '=', 1)
        .orderBy('sort_order')
        .orderBy('id')
        .execute();
    },

    async findApiLockToken(): Promise<string | undefined> {
      const row = await db
        .selectFrom('api_lock_token')
        .select('token')
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
      return row?.token;
    },

    async insertApiLockToken(token: string, createdAt: string): Promise<void> {
      await db.insertInto('api_lock_token').values({ id: 1, token, created_at: createdAt }).execute();
    },
  };
}

export type ConfigRepository = ReturnType<typeof createConfigRepository>;
