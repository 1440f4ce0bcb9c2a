import type { Insertable, Kysely } from 'kysely';
import type { Database, FundManagersTable, FundManagerTermsTable } from '../../db/schema.ts';
import { type Executor, insertBatches } from './batch-sql.ts';

/** SQL of fund managers and their terms at funds (tables `fund_managers`, `fund_manager_terms`). */
export function createFundManagersRepository(db: Kysely<Database>) {
  return {
    findManager(id: string) {
      return db.selectFrom('fund_managers').selectAll().where('id', '=', id).executeTakeFirst();
    },
    listManagers() {
      return db.selectFrom('fund_managers').selectAll().orderBy('id').execute();
    },
    /** The managers of a fund with the day each took it over, earliest first. */
    listTermsOfFund(fundCode: string) {
      return db
        .selectFrom('fund_manager_terms')
        .innerJoin('fund_managers', 'fund_managers.id', 'fund_manager_terms.manager_id')
        .select(['fund_managers.id', 'fund_managers.name', 'fund_manager_terms.start_day'])
        .where('fund_manager_terms.fund_code', '=', fundCode)
        .orderBy('fund_manager_terms.start_day')
        .execute();
    },
    listTermsOfManager(managerId: string) {
      return db
        .selectFrom('fund_manager_terms')
        .selectAll()
        .where('manager_id', '=', managerId)
        .orderBy('start_day')
        .execute();
    },
    listAllTerms() {
      return db.selectFrom('fund_manager_terms').selectAll().execute();
    },
    async insertManagers(
      executor: Executor,
      managers: readonly Insertable<FundManagersTable>[],
      terms: readonly Insertable<FundManagerTermsTable>[],
    ): Promise<void> {
      await insertBatches(executor, 'fund_managers', managers);
      await insertBatches(executor, 'fund_manager_terms', terms);
    },
  };
}

export type FundManagersRepository = ReturnType<typeof createFundManagersRepository>;
