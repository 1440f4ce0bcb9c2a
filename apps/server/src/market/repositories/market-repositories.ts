import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { createStatementsRepository } from '../statements/statements.repository.ts';
import { createCompanyReportsRepository } from './company-reports.repository.ts';
import { createCorporateActionsRepository } from './corporate-actions.repository.ts';
import { createFundManagersRepository } from './fund-managers.repository.ts';
import { createInstrumentsRepository } from './instruments.repository.ts';
import { createMarketMetaRepository } from './market-meta.repository.ts';
import { createMembershipsRepository } from './memberships.repository.ts';
import { createSeriesRepository } from './series.repository.ts';

/**
 * The market's repositories, one per aggregate, on one database. Nothing here hands out the database
 * itself: what a provider or a service needs of the SQL is a named method of one of these. Writes
 * that must commit together (a generated market, a roll-forward, one imported file) run inside
 * `transaction`, passing its executor to each repository's write.
 */
export function createMarketRepositories(db: Kysely<Database>) {
  return {
    instruments: createInstrumentsRepository(db),
    series: createSeriesRepository(db),
    corporateActions: createCorporateActionsRepository(db),
    memberships: createMembershipsRepository(db),
    companyReports: createCompanyReportsRepository(db),
    fundManagers: createFundManagersRepository(db),
    statements: createStatementsRepository(db),
    meta: createMarketMetaRepository(db),
    transaction<T>(work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
      return db.transaction().execute(work);
    },
  };
}

export type MarketRepositories = ReturnType<typeof createMarketRepositories>;
