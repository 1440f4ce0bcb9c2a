import type { Kysely } from 'kysely';

/**
 * Financial statements (issue 5, spec 2 §3): one row per company and report period, as published
 * (cumulative from January 1; the balance sheet at the period end). Portable like 0003: the period
 * is a YYYYMMDD integer ending 0331/0630/0930/1231, flags are 0/1 integers and the statements are a
 * JSON document. The report endpoint always reads whole periods of one company (the period asked
 * for, the same period a year before and the year ends around them), so one document per period
 * keeps every read to a single indexed range of rows.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('financial_statements')
    .addColumn('code', 'varchar(20)', (column) => column.notNull())
    .addColumn('period', 'integer', (column) => column.notNull())
    // Banks, insurers and brokers: the financial layouts of contract report.ts.
    .addColumn('is_finance', 'integer', (column) => column.notNull().defaultTo(0))
    // The statement document (docs/report-statements-format.md): line items by Wind node code, in yuan.
    .addColumn('document', 'text', (column) => column.notNull())
    // 'demo' (generated) or 'import' (npm run import); a roll-forward never overwrites imported rows.
    .addColumn('source', 'varchar(8)', (column) => column.notNull())
    .addPrimaryKeyConstraint('financial_statements_pk', ['code', 'period'])
    .execute();
}
