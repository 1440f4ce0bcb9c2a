/**
 * Demo financial statements (issue 5): for every A-share of the demo universe, the income
 * statement, cash-flow statement and balance sheet of the last sixteen published report periods.
 *
 * Every figure is a pure function of (seed, company, fundamentals anchor, period), so a later start
 * that rolls forward generates exactly the periods that have appeared since, and old periods never
 * change. Amounts are integer yuan and every total is computed as the sum of its integer items, so
 * the identities of contract report.ts hold exactly: flows are generated per quarter and summed into
 * the cumulative statements as published (Q3 covers January–September); the balance sheet is a
 * point in time whose cash is the cash-flow statement's closing cash; the opening cash of every
 * period of a year is the closing cash of the year before.
 */
import type { DayNumber } from '@zhicai/domain';
import type { MarketRepositories } from '../../repositories/market-repositories.ts';
import type { StatementDocument } from '../../statements/statement-layout.ts';
import { type StatementRow, statementKey } from '../../statements/statements.repository.ts';
import { balanceSheets } from './statements/balance-sheet.ts';
import { cashFlowStatements } from './statements/cash-flow-statement.ts';
import {
  type CompanyKind,
  companyProfile,
  type StatementAnchor,
  type StatementCompany,
  segmentCode,
} from './statements/company-profile.ts';
import { companyScale } from './statements/company-scale.ts';
import { incomeStatements } from './statements/income-statement.ts';
import { latestPublishedPeriod, periodsEndingAt } from './statements/statement-periods.ts';
import { between, statementStreams } from './statements/statement-random.ts';

export interface CompanyStatements {
  kind: CompanyKind;
  isFinance: boolean;
  /** The three statements of a published period, with the segment names and costs of a general company. */
  document(period: number): StatementDocument;
}

/**
 * The statements of one company: its constants (company-profile), its scale over time
 * (company-scale), and one module per statement, each reading what it needs of the others (the cash
 * flow runs between two balance sheets' cash and starts from the income statement's profit).
 * Statements are memoised inside, because periods share years and quarters.
 */
export function companyStatements(
  seed: number,
  company: StatementCompany,
  anchor: StatementAnchor,
): CompanyStatements {
  const profile = companyProfile(seed, company, anchor);
  const scale = companyScale(profile);
  const income = incomeStatements(profile, scale);
  const balances = balanceSheets(profile, scale);
  const cashFlow = cashFlowStatements(profile, scale, { income, balances });
  const { kind, isFinance, segmentNames } = profile;
  return {
    kind,
    isFinance,
    document(period: number): StatementDocument {
      const { lines, segmentCost } = income(period);
      const document: StatementDocument = {
        isFinance,
        income: lines,
        cashFlow: cashFlow(period),
        balance: balances.balance(period),
      };
      if (!isFinance) {
        document.segmentCost = segmentCost;
        document.names = Object.fromEntries(segmentNames.map((name, index) => [segmentCode(index), name]));
      }
      return document;
    },
  };
}

/** Scale for a stock without fundamentals (not in the demo market; tests of the generator alone). */
export function fallbackAnchor(seed: number, company: StatementCompany, period: number): StatementAnchor {
  const random = statementStreams(seed, company.code)('fallback');
  const shares = company.totalShares ?? 1e9;
  const marketCap = shares * between(random, 4, 60);
  return {
    period,
    revenueTtm: marketCap / between(random, 0.5, 8),
    netProfitTtm: (random() < 0.1 ? -1 : 1) * (marketCap / between(random, 8, 60)),
    equity: marketCap / between(random, 0.6, 6),
    grossMargin: between(random, 0.12, 0.72),
  };
}

/** The day in Asia/Shanghai (UTC+8, no daylight saving) as YYYYMMDD. */
export function shanghaiDay(now: Date): DayNumber {
  const local = new Date(now.getTime() + 8 * 3600_000);
  return local.getUTCFullYear() * 10000 + (local.getUTCMonth() + 1) * 100 + local.getUTCDate();
}

/**
 * Writes the statements the demo market lacks: on the first start every published period of every
 * A-share, on later starts only the periods published since. Rows already stored (also imported
 * ones) are left alone. `anchors` are the companies' latest fundamentals, which the statements are
 * scaled to. Returns the number of company-periods written.
 */
export async function writeDemoStatements(
  { statements, transaction }: Pick<MarketRepositories, 'statements' | 'transaction'>,
  seed: number,
  companies: readonly StatementCompany[],
  anchors: ReadonlyMap<string, StatementAnchor>,
  now: Date,
): Promise<number> {
  const periods = demoStatementPeriods(now);
  const have = await statements.storedSince(periods[0] ?? 0);
  const rows: StatementRow[] = [];
  for (const company of companies) {
    const missing = periods.filter((period) => !have.has(statementKey(company.code, period)));
    if (missing.length === 0) continue;
    const anchor = anchors.get(company.code) ?? fallbackAnchor(seed, company, periods.at(-1) ?? 0);
    const generated = companyStatements(seed, company, anchor);
    for (const period of missing)
      rows.push({ code: company.code, period, document: generated.document(period), source: 'demo' });
  }
  if (rows.length === 0) return 0;
  await transaction((trx) => statements.insertMissing(trx, rows));
  return rows.length;
}

/** The periods the demo keeps at `now`: the latest published one and those before it. */
export function demoStatementPeriods(now: Date): number[] {
  return periodsEndingAt(latestPublishedPeriod(shanghaiDay(now)));
}
