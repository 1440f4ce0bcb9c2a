import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

export function createPromoRepository(db: Kysely<Database>) {
  return {
    /** The newest enabled popup of a page whose window contains `at` (ISO strings compare in order). */
    findActivePopup(page: string, at: string) {
      return db
        .selectFrom('activity_popup')
        .select(['id', 'activity_img', 'url'])
        .where('page', '=', page)
        .where('enabled', '=', 1)
        .where('starts_at', '<=', at)
        .where('ends_at', '>', at)
        .orderBy('starts_at', 'desc')
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
    },
  };
}

export type PromoRepository = ReturnType<typeof createPromoRepository>;
