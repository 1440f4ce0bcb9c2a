import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyStatements, fallbackAnchor } from '../../market/providers/demo/demo-statements.ts';
import { ImportFileError } from '../../market/providers/import/import-problem.ts';
import type { StatementDocument, StatementLines } from '../../market/statements/statement-layout.ts';
import { createStatementsRepository } from '../../market/statements/statements.repository.ts';
import { createTestApp, type TestContext } from '../../test/test-app.ts';
import { importStatementsFile } from './statements-import.ts';

let context: TestContext;
beforeAll(async () => {
  context = await createTestApp();
}, 60_000);
afterAll(async () => {
  await context?.close();
});

const seed = 1;
const moutai = { code: '600519.SH', name: '贵州茅台', industry: '801120.ZSI', totalShares: 1_256_197_800 };
const bank = { code: '000001.SZ', name: '平安银行', industry: '801780.ZSI', totalShares: 19_405_918_198 };

type Line = StatementDocument & {
  code: string;
  period: string | number;
  income: StatementLines;
  cashFlow: StatementLines;
  balance: StatementLines;
};

function line(company: typeof moutai, period: number, edit?: (value: Line) => void): string {
  const document = companyStatements(seed, company, fallbackAnchor(seed, company, 20241231)).document(period);
  const value = { code: company.code, period: String(period), ...document } as Line;
  edit?.(value);
  return JSON.stringify(value);
}

function write(name: string, lines: string[]): string {
  const file = path.join(context.dataDir, name);
  writeFileSync(file, `${lines.join('\n')}\n`);
  return file;
}

async function count(): Promise<number> {
  const row = await context.database.db
    .selectFrom('financial_statements')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

describe('importStatementsFile', () => {
  it('loads a good file in one go, completing the aggregates a vendor file leaves out', async () => {
    const file = write('good.jsonl', [
      line(moutai, 20241231, (value) => {
        // Vendor files carry items and published totals; the app's own sub-totals are derived.
        delete value.income.GROSS_PROFIT;
        delete value.income.OPER_EXP;
        delete value.cashFlow.NET_INCR_CASH_CASH_EQU;
        // A published figure rounded by a yuan is within tolerance.
        value.balance.TOT_ASSETS = (value.balance.TOT_ASSETS ?? 0) + 1;
        value.balance.TOT_CUR_ASSETS = (value.balance.TOT_CUR_ASSETS ?? 0) + 1;
      }),
      '',
      line(bank, 20241231),
      line(moutai, 20240930, (value) => {
        value.period = 20240930;
      }),
    ]);
    const result = await importStatementsFile(context.database.db, file);
    expect(result).toEqual({ file, periods: 3, companies: 2 });
    const repository = createStatementsRepository(context.database.db);
    expect(await repository.listPeriods('600519.SH')).toEqual([20241231, 20240930]);
    const stored = (await repository.readPeriods('600519.SH', [20241231])).get(20241231);
    const income = stored?.income ?? {};
    expect(income.GROSS_PROFIT).toBe((income.TOT_OPER_REV ?? 0) - (income.LESS_OPER_COST ?? 0));
    expect(income.OPER_EXP).toBe(
      (income.SELLING_DIST_EXP ?? 0) +
        (income.GERL_ADMIN_EXP ?? 0) +
        (income.RD_EXP ?? 0) +
        (income.FIN_EXP ?? 0),
    );
    expect(stored?.names?.SEG_01).toBe('茅台酒');
    const row = await context.database.db
      .selectFrom('financial_statements')
      .select(['source', 'is_finance'])
      .where('code', '=', '000001.SZ')
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ source: 'import', is_finance: 1 });
  });

  it('rejects a file with a bad line, naming file:line, and writes nothing', async () => {
    const before = await count();
    const file = write('bad.jsonl', [
      line(moutai, 20230630),
      line(moutai, 20230331, (value) => {
        value.balance.TOT_LIAB = (value.balance.TOT_LIAB ?? 0) + 500;
      }),
      '{"code": "600519.SH", "period": ',
      line(bank, 20230631 as number),
      line(moutai, 20230630),
    ]);
    const error = await importStatementsFile(context.database.db, file).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ImportFileError);
    const message = (error as Error).message;
    expect(message).toContain(
      `${file}:2: balance: TOT_ASSETS = TOT_LIAB + TOT_SHRHLDR_EQY_INCL_MIN_INT 不成立（差 -500 元）`,
    );
    expect(message).toContain(`${file}:3: 不是合法的 JSON`);
    expect(message).toMatch(
      new RegExp(`${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}:4: period: 报告期格式`),
    );
    expect(message).toContain(`${file}:5: 600519.SH 20230630 已在第 1 行出现`);
    expect(await count()).toBe(before);
    expect(await createStatementsRepository(context.database.db).listPeriods('600519.SH')).not.toContain(
      20230630,
    );
  });
});
