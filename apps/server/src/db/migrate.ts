import { type Kysely, type Migration, type MigrationProvider, Migrator } from 'kysely';
import * as foundation from './migrations/0001-foundation.ts';
import type { Database } from './schema.ts';

/**
 * Migrations are imported, not read from disk, so the bundled server carries them. Names sort in
 * the order they run; a new migration is one more file and one more line here.
 */
const migrations: Record<string, Migration> = {
  '0001-foundation': foundation,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

export async function migrateToLatest(db: Kysely<Database>): Promise<string[]> {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? [])
    .filter((result) => result.status === 'Success')
    .map((result) => result.migrationName);
}
