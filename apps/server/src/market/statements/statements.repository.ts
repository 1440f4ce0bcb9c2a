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
export function createStatementsRepository(db: Kysely<Database>) {
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
    /** The company-periods stored from `period` on, as `code|period` keys. */
    async storedSince(period: number): Promise<Set<string>> {
      const rows = await db
        .selectFrom('financial_statements')
        .select(['code', 'period'])
        .where('period', '>=', period)
        .execute();
      return new Set(rows.map((row) => statementKey(row.code, row.period)));
    },
    /** How many of the given company-periods are stored (one count instead of reading the rows). */
    async countStored(codes: readonly string[], periods: readonly number[]): Promise<number> {
      if (codes.length === 0 || periods.length === 0) return 0;
      const row = await db
        .selectFrom('financial_statements')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('period', 'in', [...periods])
        .where('code', 'in', [...codes])
        .executeTakeFirst();
      return Number(row?.count ?? 0);
    },
    /** Writes (or replaces) company-periods, as an import does; call inside a transaction. */
    async upsert(executor: Executor, rows: readonly StatementRow[]): Promise<void> {
      await insertBatches(executor, rows, 'replace');
    },
    /** Writes the company-periods not stored yet and leaves stored ones (imported ones too) alone. */
    async insertMissing(executor: Executor, rows: readonly StatementRow[]): Promise<void> {
      await insertBatches(executor, rows, 'keep');
    },
  };
}

export function statementKey(code: string, period: number): string {
  return `${code}|${period}`;
}

async function insertBatches(
  executor: Executor,
  rows: readonly StatementRow[],
  onExisting: 'replace' | 'keep',
) {
  // 5 parameters a row: 200 rows stay far below both databases' bound-parameter limits.
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
        onExisting === 'keep'
          ? conflict.columns(['code', 'period']).doNothing()
          : conflict.columns(['code', 'period']).doUpdateSet((eb) => ({
              is_finance: eb.ref('excluded.is_finance'),
              document: eb.ref('excluded.document'),
              source: eb.ref('excluded.source'),
            })),
      )
      .execute();
  }
}

export type StatementsRepository = ReturnType<typeof createStatementsRepository>;
