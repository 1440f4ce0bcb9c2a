import type { Kysely } from 'kysely';
import type { Database } from '../../../db/schema.ts';
import { statementDocument } from '../../../market/statements/statement-layout.ts';
import { createScreenDayStore } from '../screen-day-store.ts';

/** One company's figures of the 财务 conditions, read once per close. */
export interface CompanyFigures {
  revenueTtm: number;
  netProfitTtm: number;
  equity: number;
  operatingCashFlowTtm: number;
  /** A fraction, as stored. */
  grossMargin: number;
  /** The same period a year earlier, for growth; null when not reported. */
  revenueTtmYearAgo: number | null;
  netProfitTtmYearAgo: number | null;
  /** Latest balance sheet: liabilities and assets (yuan); null without one. */
  liabilities: number | null;
  assets: number | null;
}

/**
 * SQL of the stock screen's daily table: every company's latest report with its year-earlier twin
 * (two reads of `fundamentals`) and its latest balance sheet (`financial_statements`).
 */
export function createStockScreenRepository(db: Kysely<Database>) {
  return {
    /** The stored day tables (migration 0021): the day table and its 评分 pass, once per day. */
    days: createScreenDayStore(db),
    async companyFigures(): Promise<Map<string, CompanyFigures>> {
      const latest = await db
        .selectFrom('fundamentals as f')
        .innerJoin(
          db
            .selectFrom('fundamentals')
            .select(['code'])
            .select((eb) => eb.fn.max('period').as('period'))
            .groupBy('code')
            .as('latest'),
          (join) => join.onRef('latest.code', '=', 'f.code').onRef('latest.period', '=', 'f.period'),
        )
        .leftJoin('fundamentals as y', (join) =>
          join
            .onRef('y.code', '=', 'f.code')
            .on((eb) => eb('y.period', '=', eb(eb.ref('f.period'), '-', 10000))),
        )
        .select([
          'f.code as code',
          'f.revenue_ttm as revenueTtm',
          'f.net_profit_ttm as netProfitTtm',
          'f.equity as equity',
          'f.operating_cash_flow_ttm as operatingCashFlowTtm',
          'f.gross_margin as grossMargin',
          'y.revenue_ttm as revenueTtmYearAgo',
          'y.net_profit_ttm as netProfitTtmYearAgo',
        ])
        .execute();
      const balances = await db
        .selectFrom('financial_statements as s')
        .innerJoin(
          db
            .selectFrom('financial_statements')
            .select(['code'])
            .select((eb) => eb.fn.max('period').as('period'))
            .groupBy('code')
            .as('latest'),
          (join) => join.onRef('latest.code', '=', 's.code').onRef('latest.period', '=', 's.period'),
        )
        .select(['s.code as code', 's.document as document'])
        .execute();
      const balanceOf = new Map<string, { liabilities: number | null; assets: number | null }>();
      for (const row of balances) {
        const parsed = statementDocument.safeParse(JSON.parse(row.document));
        const balance = parsed.success ? parsed.data.balance : undefined;
        balanceOf.set(row.code, {
          liabilities: balance?.TOT_LIAB ?? null,
          assets: balance?.TOT_ASSETS ?? null,
        });
      }
      const figures = new Map<string, CompanyFigures>();
      for (const row of latest) {
        const balance = balanceOf.get(row.code);
        figures.set(row.code, {
          revenueTtm: row.revenueTtm,
          netProfitTtm: row.netProfitTtm,
          equity: row.equity,
          operatingCashFlowTtm: row.operatingCashFlowTtm,
          grossMargin: row.grossMargin,
          revenueTtmYearAgo: row.revenueTtmYearAgo ?? null,
          netProfitTtmYearAgo: row.netProfitTtmYearAgo ?? null,
          liabilities: balance?.liabilities ?? null,
          assets: balance?.assets ?? null,
        });
      }
      return figures;
    },
  };
}

export type StockScreenRepository = ReturnType<typeof createStockScreenRepository>;
