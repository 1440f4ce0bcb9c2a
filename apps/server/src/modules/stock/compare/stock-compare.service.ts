import type { ComparedStock, DatasOf, stockEndpoints } from '@zhicai/contract';
import { requireInstrument } from '../../../market/instrument-lookup.ts';
import type { Market } from '../../../market/market.ts';
import type { StatementsRepository } from '../../../market/statements/statements.repository.ts';
import { debtRatioOf, dupontOf, lastYearEnd } from '../../report/report.service.ts';
import { fundamentalRatios, type StockService } from '../stock.service.ts';
import { profitGrowth } from '../valuation.ts';

type Datas<Name extends keyof typeof stockEndpoints> = DatasOf<(typeof stockEndpoints)[Name]>;

/**
 * 个股对比 and 杜邦分析对比: each figure comes from the code that computes it for the stock's own page
 * (the quote, 行业对比's ratios, the 盘口's 股息率, the report preview's indicators), so a comparison
 * never shows a number the stock page contradicts. Comparisons are of A-shares: they alone have the
 * statements the growth, debt and DuPont figures are read from.
 */
export function createStockCompareService(deps: {
  market: Market;
  stocks: StockService;
  statements: StatementsRepository;
}) {
  const { market, stocks, statements } = deps;
  const { directory, engine, repositories } = market;

  /** Every code checked before any figure is read: one unknown code refuses the whole comparison. */
  function requireStocks(codes: readonly string[]) {
    return codes.map((code) => requireInstrument(directory, code, ['capital'], 'A股'));
  }

  async function dividendYield(code: string): Promise<number | null> {
    // The 盘口 needs a live quote; a stock without one (never traded) shows -- there and here.
    if (!engine.quote(code)) return null;
    return (await stocks.handicap(code)).dividendYield;
  }

  async function compareOne(code: string, name: string): Promise<ComparedStock> {
    const quote = engine.quote(code);
    const [reports, periods, dividend] = await Promise.all([
      repositories.companyReports.listFundamentals(code),
      statements.listPeriods(code),
      dividendYield(code),
    ]);
    const latest = reports.at(-1);
    const newestPeriod = periods[0];
    const balance =
      newestPeriod === undefined
        ? undefined
        : (await statements.readPeriods(code, [newestPeriod])).get(newestPeriod);
    const growth = profitGrowth(reports);
    return {
      code,
      name,
      price: quote?.price ?? null,
      chgPct: quote?.chgPct ?? null,
      marketCap: quote?.marketCap ?? null,
      pe: quote?.pe ?? null,
      pb: quote?.pb ?? null,
      ...fundamentalRatios(reports),
      revenueTtm: latest?.revenue_ttm ?? null,
      netProfitTtm: latest?.net_profit_ttm ?? null,
      netProfitYoy: growth === null ? null : Math.round(growth * 10_000) / 10_000,
      debtRatio: balance ? debtRatioOf(balance) : null,
      dividendYield: dividend,
      reportPeriod: latest?.period ?? null,
    };
  }

  return {
    async compare(codes: readonly string[]): Promise<Datas<'stockCompare'>> {
      const instruments = requireStocks(codes);
      return {
        list: await Promise.all(instruments.map((stock) => compareOne(stock.code, stock.name))),
      };
    },

    async dupont(codes: readonly string[], count: number): Promise<Datas<'dupontCompare'>> {
      const instruments = requireStocks(codes);
      const list = await Promise.all(
        instruments.map(async (stock) => {
          const shown = (await statements.listPeriods(stock.code)).slice(0, count);
          // Each period's statement and the balance sheet at the last year end before it.
          const documents = await statements.readPeriods(stock.code, [
            ...new Set(shown.flatMap((period) => [period, lastYearEnd(period)])),
          ]);
          const newest = shown[0] === undefined ? undefined : documents.get(shown[0]);
          return {
            code: stock.code,
            name: stock.name,
            isFinance: newest?.isFinance ?? false,
            periods: shown.flatMap((period) => {
              const document = documents.get(period);
              if (!document) return [];
              return [{ period, ...dupontOf(document, documents.get(lastYearEnd(period))?.balance) }];
            }),
          };
        }),
      );
      return { list };
    },
  };
}

export type StockCompareService = ReturnType<typeof createStockCompareService>;
