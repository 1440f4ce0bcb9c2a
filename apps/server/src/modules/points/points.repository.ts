import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

export function createPointsRepository(db: Kysely<Database>) {
  return {
    async hasCheckIn(userId: number, date: string): Promise<boolean> {
      const row = await db
        .selectFrom('check_ins')
        .select('user_id')
        .where('user_id', '=', userId)
        .where('date', '=', date)
        .executeTakeFirst();
      return row !== undefined;
    },
  };
}

export type PointsRepository = ReturnType<typeof createPointsRepository>;
