import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { Executor } from './batch-sql.ts';

/**
 * SQL of the market's key-value facts (table `market_meta`): where the market came from (`source`:
 * demo or import), the demo `seed`, the imported `through` day.
 */
export function createMarketMetaRepository(db: Kysely<Database>) {
  return {
    readMeta(key: string): Promise<string | null> {
      return readMetaWith(db, key);
    },
    async writeMeta(executor: Executor, key: string, value: string): Promise<void> {
      await writeMetaWith(executor, key, value);
    },
  };
}

export type MarketMetaRepository = ReturnType<typeof createMarketMetaRepository>;

export async function readMetaWith(executor: Executor, key: string): Promise<string | null> {
  const row = await executor
    .selectFrom('market_meta')
    .select('value')
    .where('key', '=', key)
    .executeTakeFirst();
  return row?.value ?? null;
}

export async function writeMetaWith(executor: Executor, key: string, value: string): Promise<void> {
  await executor
    .insertInto('market_meta')
    .values({ key, value })
    .onConflict((conflict) => conflict.column('key').doUpdateSet({ value }))
    .execute();
}
