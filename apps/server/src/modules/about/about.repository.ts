import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

export function createAboutRepository(db: Kysely<Database>) {
  return {
    findInfo() {
      return db
        .selectFrom('about_info')
        .select(['description', 'email', 'hotline', 'service_hours', 'icp', 'disclaimer'])
        .where('id', '=', 1)
        .executeTakeFirst();
    },

    listReleases() {
      return db
        .selectFrom('app_releases')
        .select(['version', 'released_on', 'title', 'notes_json'])
        .execute();
    },
  };
}

export type AboutRepository = ReturnType<typeof createAboutRepository>;
