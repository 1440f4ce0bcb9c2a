import type { Kysely } from 'kysely';
import type { BrokerAccountsTable, Database } from '../../db/schema.ts';

export type BrokerAccountRow = BrokerAccountsTable;

export function createBrokerRepository(db: Kysely<Database>) {
  return {
    find(userId: number): Promise<BrokerAccountRow | undefined> {
      return db.selectFrom('broker_accounts').selectAll().where('user_id', '=', userId).executeTakeFirst();
    },

    async recordHomeLogin(userId: number, at: string): Promise<void> {
      await db
        .insertInto('broker_accounts')
        .values({ user_id: userId, home_login_at: at, home_login_count: 1 })
        .onConflict((conflict) =>
          conflict.column('user_id').doUpdateSet((update) => ({
            home_login_at: at,
            home_login_count: update('broker_accounts.home_login_count', '+', 1),
          })),
        )
        .execute();
    },

    async saveApplication(
      userId: number,
      application: { id: string; status: string; url: string; startedAt: string },
    ): Promise<void> {
      const columns = {
        application_id: application.id,
        application_status: application.status,
        application_url: application.url,
        application_started_at: application.startedAt,
      };
      await db
        .insertInto('broker_accounts')
        .values({ user_id: userId, home_login_count: 0, ...columns })
        .onConflict((conflict) => conflict.column('user_id').doUpdateSet(columns))
        .execute();
    },
  };
}

export type BrokerRepository = ReturnType<typeof createBrokerRepository>;
