import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { type StatementDocument, statementDocument } from './statement-layout.ts';

type Executor = Kysely<Database> | Transaction<Database>;

export interface StoredStatements {
  period: number;
  document: StatementDocument;
}

export interface StatementRow {
  code: string;
  period: number;
  document: StatementDocument;
  source: 'demo' | 'import';
}

/** SQL of the financial statements (migration 0004): one JSON document per company and period. */
export function createReportRepository(db: Kysely<Database>) {
  return {
    /** Every reported period of a company, newest first. */
    async listPeriods(code: string): Promise<number[]> {
      const rows = await db
        .selectFrom('financial_statements')
        .select('period')
        .where('code', '=', code)
        .orderBy('period', 'desc')
        .execute();
      return rows.map((row) => row.period);
    },
    /** The statements of the periods asked for that exist (a period, its year-earlier twin, year ends). */
    async readPeriods(code: string, periods: readonly number[]): Promise<Map<number, StatementDocument>> {
      if (periods.length === 0) return new Map();
      const rows = await db
        .selectFrom('financial_statements')
        .select(['period', 'document'])
        .where('code', '=', code)
        .where('period', 'in', [...periods])
        .execute();
      // Stored documents were validated on the way in; parsing again guards against hand edits.
      return new Map(rows.map((row) => [row.period, statementDocument.parse(JSON.parse(row.document))]));
    },
    /** Writes (or replaces) company-periods, as an import does; call inside a transaction. */
    async upsert(executor: Executor, rows: readonly StatementRow[]): Promise<void> {
      for (let start = 0; start < rows.length; start += 200) {
        const batch = rows.slice(start, start + 200).map((row) => ({
          code: row.code,
          period: row.period,
          is_finance: row.document.isFinance ? 1 : 0,
          document: JSON.stringify(row.document),
          source: row.source,
        }));
        await executor
          .insertInto('financial_statements')
          .values(batch)
          .onConflict((conflict) =>
            conflict.columns(['code', 'period']).doUpdateSet((eb) => ({
              is_finance: eb.ref('excluded.is_finance'),
              document: eb.ref('excluded.document'),
              source: eb.ref('excluded.source'),
            })),
          )
          .execute();
      }
    },
  };
}

export type ReportRepository = ReturnType<typeof createReportRepository>;
