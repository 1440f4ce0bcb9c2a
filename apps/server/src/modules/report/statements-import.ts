import { readFile } from 'node:fs/promises';
import { reportPeriod } from '@zhicai/contract';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/schema.ts';
import { ImportFileError, type ImportProblem } from '../../market/providers/import/import-problem.ts';
import {
  completeLines,
  identityProblems,
  type StatementDocument,
  segmentCode,
  statementDocument,
  statementKinds,
} from '../../market/statements/statement-layout.ts';
import {
  createStatementsRepository,
  type StatementRow,
} from '../../market/statements/statements.repository.ts';

/**
 * Loads real financial statements from a JSON Lines file (docs/report-statements-format.md): one
 * company-period per line, line items in the Wind node codes of contract report.ts, yuan. The file
 * is checked as a whole first (shape, A-share code, period, accounting identities within 1 yuan,
 * duplicates); any problem rejects the file with every problem named `file:line`, and nothing is
 * written. A good file is written in one transaction, replacing the periods it contains.
 */

/** Rounding in published statements: totals may differ from their parts by this much (yuan). */
export const identityTolerance = 1;

const periodField = z.union([z.string(), z.number().int()]).transform(String).pipe(reportPeriod);

const statementLine = statementDocument.extend({
  code: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^\d{6}\.(SH|SZ|BJ)$/, '代码应为 A 股代码，如 600519.SH'),
  period: periodField,
});

export interface StatementsImportResult {
  file: string;
  /** Company-periods written. */
  periods: number;
  companies: number;
}

/** Checks one parsed line; returns the document to store (aggregates completed) or the problems. */
export function checkStatementLine(
  value: unknown,
):
  | { ok: true; code: string; period: number; document: StatementDocument }
  | { ok: false; problems: { field?: string; message: string }[] } {
  const parsed = statementLine.safeParse(value);
  if (!parsed.success) {
    return {
      ok: false,
      problems: parsed.error.issues.map((issue) => ({
        ...(issue.path.length > 0 ? { field: issue.path.join('.') } : {}),
        message: issue.message,
      })),
    };
  }
  const { code, period, ...input } = parsed.data;
  const document: StatementDocument = { isFinance: input.isFinance };
  if (input.names) document.names = input.names;
  if (input.segmentCost) document.segmentCost = input.segmentCost;
  const problems: { field?: string; message: string }[] = [];
  for (const kind of statementKinds) {
    const lines = input[kind];
    if (!lines) continue;
    if (input.isFinance || kind !== 'income') {
      const stray = Object.keys(lines).filter((key) => segmentCode.test(key));
      if (stray.length > 0)
        problems.push({ field: kind, message: `业务分部 ${stray.join('、')} 只用于一般企业的利润表` });
    }
    const completed = completeLines(kind, input.isFinance, lines);
    for (const message of identityProblems(kind, input.isFinance, completed, {
      tolerance: identityTolerance,
    }))
      problems.push({ field: kind, message });
    document[kind] = completed;
  }
  if (!input.income && !input.cashFlow && !input.balance)
    problems.push({ message: '至少应有 income、cashFlow、balance 之一' });
  if (problems.length > 0) return { ok: false, problems };
  return { ok: true, code, period: Number(period), document };
}

export async function importStatementsFile(
  db: Kysely<Database>,
  file: string,
): Promise<StatementsImportResult> {
  const text = await readFile(file, 'utf8');
  const problems: ImportProblem[] = [];
  const rows: StatementRow[] = [];
  const seen = new Map<string, number>();
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  lines.forEach((raw, index) => {
    const line = index + 1;
    if (raw.trim() === '') return;
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch (error) {
      problems.push({ file, line, message: `不是合法的 JSON：${(error as Error).message}` });
      return;
    }
    const checked = checkStatementLine(value);
    if (!checked.ok) {
      for (const problem of checked.problems) problems.push({ file, line, ...problem });
      return;
    }
    const key = `${checked.code}|${checked.period}`;
    const earlier = seen.get(key);
    if (earlier !== undefined) {
      problems.push({ file, line, message: `${checked.code} ${checked.period} 已在第 ${earlier} 行出现` });
      return;
    }
    seen.set(key, line);
    rows.push({ code: checked.code, period: checked.period, document: checked.document, source: 'import' });
  });
  if (rows.length === 0 && problems.length === 0) problems.push({ file, line: 0, message: '文件中没有报表' });
  if (problems.length > 0) throw new ImportFileError(file, problems);
  const repository = createStatementsRepository(db);
  await db.transaction().execute((trx) => repository.upsert(trx, rows));
  return { file, periods: rows.length, companies: new Set(rows.map((row) => row.code)).size };
}
