import type { Kysely } from 'kysely';
import { sqliteRawRead } from '../../db/database.ts';
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
    /**
     * readMeta for a value a start reads before its first answer and is big: the stored demo
     * catalogue, 3.2 MB of text at full size, whose read and decoding took 19-21 ms of a restart's
     * main thread. On SQLite a raw read, which the start's prefetch (start-reads.ts) answers from the
     * other core; the key is written into the SQL, since the prefetch knows a read by its text.
     */
    readMetaAtStart(key: string): Promise<string | null> {
      const read = sqliteRawRead<[string]>(
        db,
        `select value from market_meta where key = '${key.replaceAll("'", "''")}'`,
      );
      return read ? Promise.resolve(read()[0]?.[0] ?? null) : readMetaWith(db, key);
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
